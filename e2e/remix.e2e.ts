import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../src/shared/site';
import { launchBrowser, SCREENSHOT_DIR, screenshotScreen, VIEWPORTS } from '../test/browser';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../test/server';

const component = (words: string) => `export default function App() {
  return (
    <main style={{ minHeight: '100vh', padding: 24, fontFamily: 'sans-serif' }}>
      <h1>${words}</h1>
      <p>Some content reaching the bottom of the page, where the Remix button sits.</p>
    </main>
  );
}
`;

/** The artifact is the site's own, in the visitor's scheme: shot in both, desktop and phone. */
async function screenshotSite(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${size}-${colorScheme}.png`),
      });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

// Remix as a visitor with no account: the Remix button on a site that allows it, the remix
// page, a subdomain chosen, the copy opened in the editor with the original's source, live.
describe('remixing a site as a guest in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let guest: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
    guest = await browser.newContext({ viewport: VIEWPORTS.desktop });
    page = await guest.newPage();
  });
  afterAll(async () => {
    await guest?.close();
    await browser?.close();
    await server?.close();
  });

  it('clicks Remix on a site, picks a subdomain and lands in the editor with the source, live', async () => {
    const owner = (await registerUser(server)).token;
    const subdomain = uniqueSubdomain('original');
    const deployed = await deployCode(server, owner, subdomain, component('Counter by Ann'));
    expect(deployed.status).toBe(201);
    expect((await waitForDeployment(server, owner, deployed.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    const originalId = deployed.body.site.id;
    const allowed = await server.api('PUT', `/api/sites/${originalId}/remix`, {
      token: owner,
      body: { allowed: true },
    });
    expect(allowed.status).toBe(200);

    await page.goto(deployed.body.site.url);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Counter by Ann' }).isVisible())
      .toBe(true);
    const remixLink = page.getByRole('link', { name: 'Remix' });
    await expect.poll(() => remixLink.isVisible()).toBe(true);
    // Small, in the bottom corner, clear of the artifact's heading.
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      const box = (await page.locator('artifact-host-remix').boundingBox())!;
      expect(box.height).toBeLessThan(40);
      expect(box.width).toBeLessThan(120);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 30);
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 30);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshotSite(page, 'remix-control');
    // Dismissible: the × takes it off the page until the next visit.
    const dismissing = await guest.newPage();
    await dismissing.setViewportSize(VIEWPORTS.phone);
    await dismissing.goto(deployed.body.site.url);
    await dismissing.getByRole('button', { name: 'Hide the Remix button' }).click();
    await expect.poll(() => dismissing.locator('artifact-host-remix').count()).toBe(0);
    expect(await dismissing.getByRole('heading', { name: 'Counter by Ann' }).isVisible()).toBe(
      true,
    );
    await dismissing.close();

    await remixLink.click();
    await expect.poll(() => page.url()).toBe(`${server.ctx.config.appOrigin}/remix/${originalId}`);
    await expect.poll(() => page.getByTestId('remix-original').textContent()).toBe(subdomain);
    expect(await page.getByText('You are deploying as a guest').isVisible()).toBe(true);
    await screenshotScreen(page, 'remix-page');

    const copyName = uniqueSubdomain('my-remix');
    await page.getByLabel('Subdomain').fill(copyName);
    await page.getByRole('button', { name: 'Remix', exact: true }).click();
    await expect
      .poll(() => page.url())
      .toMatch(new RegExp(`^${server.ctx.config.appOrigin}/sites/[^/]+/edit$`));
    const copyId = page.url().split('/').at(-2)!;
    await expect.poll(() => page.locator('.cm-content').textContent()).toContain('Counter by Ann');

    // The guest session the page made owns the copy: a 24-hour site that goes live.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token).toBeTruthy();
    const copy = await expect
      .poll(
        async () =>
          (await server.api<{ site: Site }>('GET', `/api/sites/${copyId}`, { token: token! })).body
            .site,
        { timeout: 60_000 },
      )
      .toMatchObject({
        status: 'ACTIVE',
        subdomain: copyName,
        remix: { from: { siteId: originalId } },
      });
    void copy;
    const visitor = await guest.newPage();
    await visitor.goto(deployed.body.site.url.replace(subdomain, copyName));
    await expect
      .poll(() => visitor.getByRole('heading', { name: 'Counter by Ann' }).isVisible())
      .toBe(true);
    // The copy does not offer remixing: that is its new owner's choice.
    expect(await visitor.locator('artifact-host-remix').count()).toBe(0);
    await visitor.close();

    const original = await server.api<{ site: Site }>('GET', `/api/sites/${originalId}`, {
      token: owner,
    });
    expect(original.body.site.remix.count).toBe(1);

    // The copy's page says where it came from, and its own switch starts off.
    await page.goto(`${server.ctx.config.appOrigin}/sites/${copyId}`);
    const from = page.getByRole('link', { name: new RegExp(`^${subdomain}\\.`) });
    await expect.poll(() => page.getByText('Remixed from').isVisible()).toBe(true);
    expect(await from.getAttribute('href')).toBe(deployed.body.site.url);
    expect(
      await page.getByRole('switch', { name: 'Allow remixing' }).getAttribute('aria-checked'),
    ).toBe('false');
    await screenshotScreen(page, 'remix-site-page');
  });
});
