import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, waitForDeployment } from '../test/deploy';
import { guestSession, registerUser, startTestServer, type TestServer } from '../test/server';

// The dashboard and site-detail cases the deploy journey (deploy-signed-up.e2e.ts) leaves out:
// no session, guests and their 24-hour sites, the custom-domain panel, unknown site ids.
describe('dashboard and site detail in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const fresh = async (token?: string) => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    if (token) {
      await page.goto(server.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    }
    return page;
  };
  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);
  const liveSite = async (token: string, subdomain: string) => {
    const res = await deployCode(server, token, subdomain, htmlArtifact(subdomain));
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    return res.body.site.id;
  };

  it('sends a visitor with no session from /dashboard and /sites/:id to /auth', async () => {
    await fresh();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.goto(`${server.url}/sites/anything`);
    await page.waitForURL((url) => url.pathname === '/auth');
  });

  it('shows a guest their sites with the time left and a way to keep them', async () => {
    const guest = await guestSession(server);
    const subdomain = `guest-${Date.now()}`;
    const siteId = await liveSite(guest.token, subdomain);
    await fresh(guest.token);
    await page.goto(`${server.url}/dashboard`);
    await visible('Guest sites stay live for 24 hours.');
    const row = page.getByRole('row').filter({ hasText: subdomain });
    // Created a moment ago, so a little under 24 hours remain.
    await expect.poll(() => row.textContent()).toContain('23 hours left');
    expect(await row.textContent()).toContain('Active');
    await screenshotScreen(page, 'dashboard-guest');

    await page.getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');

    // Custom domains need an account: the panel says so and its controls stay disabled.
    await page.goto(`${server.url}/sites/${siteId}`);
    await visible('Custom domains are for signed-in users.');
    expect(await page.getByLabel('Domain', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Domain' }).isDisabled()).toBe(true);
  });

  it('shows a FREE user the domain panel with real values and why adding one needs a paid plan', async () => {
    const { token } = await registerUser(server);
    const subdomain = `panel-${Date.now()}`;
    const siteId = await liveSite(token, subdomain);
    await fresh(token);
    await page.goto(`${server.url}/sites/${siteId}`);
    await visible('Custom Domain');
    const panel = page.locator('dl');
    const rows = async () => (await panel.textContent()) ?? '';
    await expect.poll(rows).toContain(`${subdomain}.localhost:${server.port}`);
    expect(await rows()).toMatch(/Current domain\s*None/);
    expect(await rows()).toMatch(/SSL status\s*No SSL/);
    expect(await rows()).toMatch(/SSL expiry\s*None/);
    await visible('Custom domains come with the Starter and Pro plans.');
    expect(await page.getByLabel('Domain', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Domain' }).isDisabled()).toBe(true);
    expect(await page.getByText('Custom domains are for signed-in users').count()).toBe(0);
    await screenshotScreen(page, 'site-domain-free');
  });

  it("answers an id that names no site with 'Site not found' and a way back", async () => {
    const { token } = await registerUser(server);
    await fresh(token);
    await page.goto(`${server.url}/sites/no-such-site`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Site not found' }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await visible('No sites yet');
  });

  it('shows a queued site as pending on both screens while no worker builds it', async () => {
    // A server without a build worker: the first version stays queued as long as we look.
    const webOnly = await startTestServer('sqlite', { ROLES: 'web' });
    try {
      const res = await webOnly.api('POST', '/api/auth/register', {
        body: { email: `queued-${Date.now()}@example.com`, password: 'a good long password' },
      });
      const token = res.body.token as string;
      const started = await deployCode(webOnly, token, 'waiting-site', htmlArtifact('waiting'));
      expect(started.status).toBe(201);
      await context?.close();
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      await page.goto(webOnly.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
      await page.goto(`${webOnly.url}/dashboard`);
      const row = page.getByRole('row').filter({ hasText: 'waiting-site' });
      await expect.poll(() => row.textContent()).toContain('Pending');
      expect(await page.locator('main').textContent()).toMatch(/Active Sites\s*0/);

      await page.getByRole('link', { name: 'waiting-site', exact: true }).click();
      await page.waitForURL(/\/sites\//);
      const status = page.getByRole('main').getByRole('status').filter({ hasText: 'pending' });
      await expect.poll(() => status.first().isVisible()).toBe(true);
      // Redeploy follows the history, which loads apart from the site: wait for it first.
      const history = page.getByRole('listitem').filter({ hasText: 'Version 1' });
      await expect.poll(() => history.textContent()).toContain('pending');
      expect(await page.getByRole('button', { name: 'Redeploy' }).isDisabled()).toBe(true);
      await screenshotScreen(page, 'site-detail-pending');
    } finally {
      await webOnly.close();
    }
  });
});
