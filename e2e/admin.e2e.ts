import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, fetchSite, htmlArtifact, waitForDeployment } from '../test/deploy';
import {
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../test/server';

// The operator's side in the browser: a visitor's report reaches the console, the operator
// disables and enables the site, suspends its owner (whose next deploy is refused), and posts
// an announcement that an open dashboard shows at once. The cross-node part (451 on another
// node within a second) is src/server/operations-cluster.test.ts: two browsers on two child
// processes would prove nothing more than its sockets and requests do.
const OPERATOR = 'operator@example.com';

describe('the operator console in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ops: Page;
  let owner: { token: string; email: string; id: string };
  let subdomain: string;
  let siteId: string;

  const open = async (token?: string, theme: 'light' | 'dark' = 'light') => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: theme,
    });
    contexts.push(context);
    const page = await context.newPage();
    if (token) {
      await page.goto(server.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    }
    return page;
  };
  const visible = (page: Page, text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);
  const siteUrl = (path = '/') => `http://${subdomain}.localhost:${server.port}${path}`;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { ADMIN_EMAILS: OPERATOR });
    browser = await launchBrowser();
    const o = await registerUser(server);
    owner = { token: o.token, email: o.user.email, id: o.user.id };
    subdomain = `reported-${Date.now()}`;
    const res = await deployCode(server, owner.token, subdomain, htmlArtifact('Totally a bank'));
    expect(res.status).toBe(201);
    siteId = res.body.site.id;
    expect((await waitForDeployment(server, owner.token, res.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    ops = await open((await registerVerifiedUser(server, { email: OPERATOR })).token);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('takes a report from a site’s not-found page to the console', async () => {
    const visitor = await open();
    const missing = await visitor.goto(siteUrl('/no-such-page.html'));
    expect(missing?.status()).toBe(404);
    await visitor.getByRole('link', { name: 'Report abuse' }).click();
    await visitor.waitForURL((url) => url.pathname === '/report');
    expect(await visitor.getByLabel('Site address').inputValue()).toBe(`${subdomain}.localhost`);
    await visitor.getByLabel('Phishing or fraud').check();
    await visitor.getByLabel('Description').fill('It imitates my bank and asks for my PIN.');
    await screenshotScreen(visitor, 'report-form');
    await visitor.getByRole('button', { name: 'Send report' }).click();
    await visible(visitor, 'Thank you — your report was received');
    await screenshotScreen(visitor, 'report-received');

    await ops.goto(`${server.url}/admin`);
    const report = ops.locator('[data-report]').filter({ hasText: `${subdomain}.localhost` });
    await expect.poll(() => report.isVisible()).toBe(true);
    expect(await report.textContent()).toContain('It imitates my bank and asks for my PIN.');
    await screenshotScreen(ops, 'admin-reports');
  });

  it('disables the site from the report (451 for visitors, the owner told why), then enables it', async () => {
    const ownerPage = await open(owner.token);
    await ownerPage.goto(`${server.url}/dashboard`);
    await visible(ownerPage, subdomain);

    const report = ops.locator('[data-report]').filter({ hasText: `${subdomain}.localhost` });
    await report.getByRole('button', { name: 'Disable site' }).click();
    const dialog = ops.getByRole('dialog');
    await dialog.getByLabel('Reason (shown to the owner)').fill('Phishing page imitating a bank');
    await screenshotScreen(ops, 'admin-disable-dialog');
    await dialog.getByRole('button', { name: 'Disable site' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const visitor = await open();
    const disabled = await visitor.goto(siteUrl('/'));
    expect(disabled?.status()).toBe(451);
    await visible(visitor, 'This site has been disabled');
    await screenshotScreen(visitor, 'site-disabled');

    // The open dashboard hears it (site-update) and shows the reason without a reload.
    await visible(ownerPage, 'Disabled by the operators: Phishing page imitating a bank');
    await screenshotScreen(ownerPage, 'dashboard-site-disabled');
    await ownerPage.goto(`${server.url}/sites/${siteId}`);
    await visible(ownerPage, 'Disabled by the operators: Phishing page imitating a bank');
    expect(await ownerPage.getByRole('button', { name: 'Redeploy' }).isDisabled()).toBe(true);
    await screenshotScreen(ownerPage, 'site-detail-disabled');

    await ops.goto(`${server.url}/admin?tab=sites`);
    await ops.getByLabel('Search sites').fill(subdomain);
    const row = ops.locator(`[data-site="${subdomain}"]`);
    await expect.poll(() => row.textContent()).toContain('Disabled: Phishing page');
    await row.getByRole('button', { name: 'Details' }).click();
    await visible(ops, owner.email);
    await screenshotScreen(ops, 'admin-sites');
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(async () => (await fetchSite(server.port, subdomain)).status).toBe(200);
    const back = await visitor.goto(siteUrl('/'));
    expect(back?.status()).toBe(200);
    await visible(visitor, 'Totally a bank');
  });

  it('keeps the rows on screen while a search is on its way, so a click on one lands', async () => {
    await ops.goto(`${server.url}/admin?tab=users`);
    const row = ops.locator(`[data-user="${owner.email}"]`);
    await row.waitFor();
    expect(await ops.locator('[data-user]').count()).toBeGreaterThan(1);
    const before = await row.elementHandle();
    await ops.getByLabel('Search users').fill(owner.email);
    await expect.poll(() => ops.locator('[data-user]').count()).toBe(1);
    // the row the operator may have been pointing at is the one still shown, not a new one
    expect(await before?.evaluate((el) => el.isConnected)).toBe(true);
    expect(await ops.getByText('Searching...').count()).toBe(0);
  });

  it('suspends the owner: open screens say why at once, their next deploy is refused', async () => {
    // the owner's dashboard and site page are open, live
    const dashboard = await open(owner.token);
    await dashboard.goto(`${server.url}/dashboard`);
    await visible(dashboard, subdomain);
    await visible(dashboard, 'Live');
    const sitePage = await open(owner.token);
    await sitePage.goto(`${server.url}/sites/${siteId}`);
    await visible(sitePage, 'Custom Domain');
    await visible(sitePage, 'Live');
    const ownerPage = await open(owner.token);
    await ownerPage.goto(`${server.url}/upload`);
    await ownerPage.getByRole('tab', { name: /Paste Code/ }).click();
    await ownerPage.locator('textarea').first().fill(htmlArtifact('second try'));
    await ownerPage.getByLabel(/subdomain/i).fill(`${subdomain}-two`);

    await ops.goto(`${server.url}/admin?tab=users`);
    await ops.getByLabel('Search users').fill(owner.email);
    const row = ops.locator(`[data-user="${owner.email}"]`);
    await row.getByRole('button', { name: 'Suspend' }).click();
    const dialog = ops.getByRole('dialog');
    await dialog.getByLabel('Reason (shown to the owner)').fill('Repeated phishing');
    await dialog.getByRole('button', { name: 'Suspend user' }).click();
    await expect.poll(() => row.textContent()).toContain('Suspended: Repeated phishing');
    await screenshotScreen(ops, 'admin-users');

    // not just 'Offline': both open screens say why, without a reload
    for (const screen of [dashboard, sitePage]) {
      await visible(screen, 'Your account has been suspended: Repeated phishing');
    }
    // said once on the site page, not again by a 'could not load' card below it
    await expect.poll(() => sitePage.getByText('This account has been suspended').count()).toBe(0);
    // nor does the dashboard's list call the suspension a failure to fetch
    expect(await dashboard.getByText('Failed to fetch sites').count()).toBe(0);
    await screenshotScreen(dashboard, 'dashboard-account-suspended');
    await screenshotScreen(sitePage, 'site-detail-account-suspended');

    await ownerPage.getByRole('button', { name: /^Deploy/ }).click();
    await visible(ownerPage, /This account has been suspended: Repeated phishing/);
    await screenshotScreen(ownerPage, 'upload-suspended');
    expect((await fetchSite(server.port, subdomain)).status).toBe(451);

    await ops.goto(`${server.url}/admin?tab=audit`);
    await visible(ops, 'Suspended user');
    await visible(ops, 'Disabled site');
    await screenshotScreen(ops, 'admin-audit');
  });

  it('sends a non-admin away from /admin and answers them 403 on /api/admin', async () => {
    const { token } = await registerUser(server);
    const page = await open(token);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const statuses = await page.evaluate(async (t) => {
      const headers = { authorization: `Bearer ${t}` };
      const paths = ['/api/admin/users?q=', '/api/admin/sites?q=', '/api/admin/reports'];
      return Promise.all(paths.map(async (p) => (await fetch(p, { headers })).status));
    }, token);
    expect(statuses).toEqual([403, 403, 403]);
  });

  it('shows an announcement on an open dashboard without a reload, dismissible', async () => {
    const { token } = await registerUser(server);
    const dashboard = await open(token, 'dark');
    await dashboard.goto(`${server.url}/dashboard`);
    await visible(dashboard, 'Deploy New Site');
    // Marks this document: after a reload the mark is gone, so the banner came by socket.
    await dashboard.evaluate(() => ((window as { untouched?: boolean }).untouched = true));

    await ops.goto(`${server.url}/admin?tab=announcements`);
    await ops.getByLabel('Message').fill('Scheduled maintenance tonight 22:00–22:30 UTC.');
    await ops.getByLabel('Level').selectOption('warning');
    await ops.getByRole('button', { name: 'Post to every screen' }).click();
    await visible(ops, 'showing');
    await screenshotScreen(ops, 'admin-announcements');

    await visible(dashboard, 'Scheduled maintenance tonight 22:00–22:30 UTC.');
    expect(await dashboard.evaluate(() => (window as { untouched?: boolean }).untouched)).toBe(
      true,
    );
    await screenshotScreen(dashboard, 'dashboard-announcement');

    // A screen opened later fetches it on load.
    const later = await open();
    await later.goto(`${server.url}/help`);
    await visible(later, 'Scheduled maintenance tonight 22:00–22:30 UTC.');

    await dashboard.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect
      .poll(() => dashboard.getByText('Scheduled maintenance tonight').isVisible())
      .toBe(false);
    await dashboard.reload();
    await visible(dashboard, 'Deploy New Site');
    expect(await dashboard.getByText('Scheduled maintenance tonight').isVisible()).toBe(false);
  });
});
