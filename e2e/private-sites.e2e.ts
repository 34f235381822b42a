import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR, screenshotScreen, VIEWPORTS } from '../test/browser';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUserOnPlan, startTestServer, type TestServer } from '../test/server';

/** The password page is the site's own, dark by the visitor's system: shot in both schemes. */
async function screenshotPasswordPage(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${size}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
}

describe('private sites in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  const strangers: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
    owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await owner.newPage();
  });
  afterAll(async () => {
    for (const context of strangers) await context.close();
    await owner?.close();
    await browser?.close();
    await server?.close();
  });

  async function stranger(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    strangers.push(context);
    return context.newPage();
  }

  it('the owner sets a password; a visitor types it, or follows a share link, and sees the site', async () => {
    const { token } = await registerUserOnPlan(server, 'STARTER');
    const subdomain = uniqueSubdomain('hidden');
    const res = await deployCode(server, token, subdomain, htmlArtifact('Launch plans'));
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    const siteUrl = `http://${subdomain}.localhost:${server.port}/`;

    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${res.body.site.id}`);
    const panel = page.getByRole('heading', { name: 'Access', exact: true });
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    expect(await page.getByText('Anyone with the address can see the site.').isVisible()).toBe(
      true,
    );
    await page.getByLabel('Password', { exact: true }).fill('tea at four');
    await page.getByRole('button', { name: 'Protect with password' }).click();
    await expect
      .poll(() => page.getByText('Password protected', { exact: true }).isVisible())
      .toBe(true);

    await page.getByLabel('Label (optional)').fill('For the board');
    await page.getByRole('button', { name: 'Create share link' }).click();
    const made = page.getByLabel('New share link');
    await expect.poll(() => made.isVisible()).toBe(true);
    const shareUrl = await made.inputValue();
    expect(shareUrl).toMatch(new RegExp(`^http://${subdomain}\\.localhost:\\d+/\\?share=.+`));
    await page.getByRole('button', { name: 'Copy share link' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await expect.poll(() => page.getByText('For the board').isVisible()).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await screenshotScreen(page, 'site-access-panel');

    // A visitor with neither: the password page, whatever they ask for.
    const visitor = await stranger();
    const answer = await visitor.goto(siteUrl);
    expect(answer?.status()).toBe(401);
    const question = visitor.getByRole('heading', { level: 1 });
    expect(await question.textContent()).toBe(`${subdomain} is private`);
    expect(await visitor.getByText('Launch plans').count()).toBe(0);
    await screenshotPasswordPage(visitor, 'private-site-password');
    await visitor.setViewportSize(VIEWPORTS.desktop);

    await visitor.getByLabel('Password').fill('coffee at five');
    await visitor.getByRole('button', { name: 'Open the site' }).click();
    await expect.poll(() => visitor.getByRole('alert').textContent()).toContain('not right');
    await visitor.getByLabel('Password').fill('tea at four');
    await visitor.getByRole('button', { name: 'Open the site' }).click();
    await expect
      .poll(() => visitor.getByRole('heading', { level: 1 }).textContent())
      .toBe('Launch plans');
    expect(visitor.url()).toBe(siteUrl);

    // Someone with the share link goes straight in, at the clean address.
    const guest = await stranger();
    await guest.goto(shareUrl);
    await expect
      .poll(() => guest.getByRole('heading', { level: 1 }).textContent())
      .toBe('Launch plans');
    expect(guest.url()).toBe(siteUrl);

    // Revoked in the panel: the link's holder is asked for the password on the next visit.
    await page.getByRole('button', { name: 'Revoke For the board' }).click();
    await expect.poll(() => page.getByText('For the board').count()).toBe(0);
    await guest.reload();
    await expect
      .poll(() => guest.getByRole('heading', { level: 1 }).textContent())
      .toBe(`${subdomain} is private`);

    // The dashboard marks the site as private beside its name.
    await page.goto(`${server.url}/dashboard`);
    const row = page.getByRole('row').filter({ hasText: subdomain });
    await expect.poll(() => row.textContent()).toContain('Private');
  });

  it('tells a Free account which plans protect sites, with a link to them', async () => {
    const { token } = await registerUserOnPlan(server, 'FREE');
    const subdomain = uniqueSubdomain('open');
    const res = await deployCode(server, token, subdomain, htmlArtifact('Open to all'));
    expect(res.status).toBe(201);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${res.body.site.id}`);
    const note = page.getByText('Password-protected sites come with the Starter and Pro plans.');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('Your account is on the Free plan.');
    expect(await page.getByRole('button', { name: 'Protect with password' }).count()).toBe(0);
    expect(await note.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/settings?tab=billing',
    );
  });
});
