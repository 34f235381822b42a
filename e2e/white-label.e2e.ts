import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../src/shared/brand';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUser, registerUserOnPlan, startTestServer, type TestServer } from '../test/server';

// A one-pixel PNG, the favicon the owner uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// A page that fails as it starts and asks the site's AI (which no key answers): the visitor
// sees the error card and the AI notice bar, the two things the page runtime draws itself.
const FAILING_PAGE = `<!doctype html><html><head><title>Artifact</title></head><body>
<div id="root"></div>
<script>window.claude.complete('hello').catch(function () {});</script>
<script>throw new Error('the oven is cold');</script>
</body></html>`;

describe('white-label in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('a Pro owner turns white-label on and the live site changes title, favicon and bars', async () => {
    const { token } = await registerUserOnPlan(server, 'PRO');
    const subdomain = uniqueSubdomain('bakery');
    const deployed = await deployCode(server, token, subdomain, FAILING_PAGE);
    expect(deployed.status).toBe(201);
    const done = await waitForDeployment(server, token, deployed.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    const siteUrl = `http://${subdomain}.localhost:${server.port}/`;

    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${deployed.body.site.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Page settings' }).isVisible())
      .toBe(true);

    await page.getByRole('switch', { name: 'White-label' }).click();
    await page.getByLabel('Title').fill('Bakery Corner');
    await page.getByLabel('Description').fill('Bread, buns and the odd cake.');
    await page.getByRole('button', { name: 'Save page settings' }).click();
    await expect.poll(() => page.getByText('Page settings saved').isVisible()).toBe(true);
    await page.getByLabel('Upload favicon').setInputFiles({
      name: 'icon.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect.poll(() => page.getByText('Favicon saved').isVisible()).toBe(true);
    // the saved favicon shows in the panel (through the API: the app shows no other host's images)
    const current = page.getByAltText('Current favicon');
    await expect
      .poll(() => current.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // the link preview shows what a shared link will carry
    const preview = page.getByRole('figure', { name: 'Link preview' });
    await expect.poll(() => preview.textContent()).toContain('Bakery Corner');
    expect(await preview.textContent()).toContain('Bread, buns and the odd cake.');
    await page.getByRole('heading', { name: 'Page settings' }).scrollIntoViewIfNeeded();
    await screenshotScreen(page, 'site-branding-pro');

    const site = await context.newPage();
    await site.goto(siteUrl);
    expect(await site.title()).toBe('Bakery Corner');
    const icon = await site.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toMatch(/^\/__branding\/icon\?v=/);
    const card = site.getByRole('alert');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.innerText()).toContain('the oven is cold');
    const bar = site.getByRole('status');
    await expect.poll(() => bar.isVisible()).toBe(true);
    // everything the visitor's page holds, the runtime's own bars included
    const everything = await site.evaluate(() => document.documentElement.outerHTML);
    expect(everything).not.toContain(PRODUCT_NAME);
    expect(everything).not.toContain(new URL(server.url).host + '/');
    expect(await card.innerText()).not.toContain(PRODUCT_NAME);
    expect(await bar.innerText()).not.toContain(PRODUCT_NAME);
    await site.close();
  });

  it('shows a Free owner why white-label is off, with the way to Pro', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('free');
    const deployed = await deployCode(server, token, subdomain, FAILING_PAGE);
    expect(deployed.status).toBe(201);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${deployed.body.site.id}`);
    await expect
      .poll(() => page.getByText('White-label comes with the Pro plan.').isVisible())
      .toBe(true);
    expect(await page.getByRole('switch', { name: 'White-label' }).isDisabled()).toBe(true);
    // the note's own link (the Access panel offers plans too)
    const note = page.locator('p', { hasText: 'White-label comes with the Pro plan.' });
    expect(await note.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/settings?tab=billing',
    );
    await page.getByRole('heading', { name: 'Page settings' }).scrollIntoViewIfNeeded();
    await screenshotScreen(page, 'site-branding-free');
  });
});
