import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../src/shared/site';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../test/server';
import { waitUntil } from '../test/wait';

// What a person sees of link previews: a placeholder while the preview is made, then the
// thumbnail in the site list and on the site page. Cards only (no Chromium inside the server):
// what is checked is the dashboard, not the picture.
describe('link previews in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { LINK_PREVIEWS: 'true', PREVIEW_CHROMIUM: 'off' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  /** Whether an <img> of that accessible name has loaded a picture of the card's shape. */
  const loadedPreview = (name: string) =>
    page.getByRole('img', { name }).evaluateAll((imgs) =>
      imgs.some((img) => {
        const i = img as HTMLImageElement;
        return i.complete && i.naturalWidth === 1200 && i.naturalHeight === 630;
      }),
    );

  it('the site list and the site page show the preview once it is made', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('thumbs');
    const html =
      '<!doctype html><html><head><title>Harbour lights</title>' +
      '<meta name="theme-color" content="#7c3aed"></head><body><h1>Lights</h1></body></html>';
    const res = await deployCode(server, token, subdomain, html);
    expect(res.status).toBe(201);
    const siteId: string = res.body.site.id;
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');

    // The site page opens now: its preview may still be on its way, and then it lands there.
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${siteId}`);
    await expect.poll(() => page.getByRole('heading', { name: subdomain }).isVisible()).toBe(true);
    await expect.poll(() => loadedPreview(`Preview of ${subdomain}`)).toBe(true);
    const site = await waitUntil(async () => {
      const r = await server.api<{ site: Site }>('GET', `/api/sites/${siteId}`, { token });
      return r.body.site.previewUrl ? r.body.site : null;
    });
    const shown = page.getByRole('img', { name: `Preview of ${subdomain}` }).first();
    expect(await shown.getAttribute('src')).toBe(site.previewUrl);
    expect(await shown.getAttribute('loading')).toBe('lazy');
    await screenshotScreen(page, 'site-link-preview');

    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => loadedPreview(`Preview of ${subdomain}`)).toBe(true);
    await screenshotScreen(page, 'dashboard-link-previews');
  });

  it('a site without a preview yet shows the placeholder in the shape of the card', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('nothumb');
    // A build that fails: the site has no version, so it never gets a preview.
    const res = await deployCode(server, token, subdomain, 'export default () => <div>');
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('FAILED');
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/dashboard`);
    const row = page.getByRole('row').filter({ hasText: subdomain });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByText('No preview yet').count()).toBe(1);
    expect(await row.getByRole('img', { name: `Preview of ${subdomain}` }).count()).toBe(0);
    // the thumbnail's frame, border included, keeps the card's 1.91:1
    const box = await row.getByTestId('preview-placeholder').locator('..').boundingBox();
    expect(box && Math.round((box.width / box.height) * 100) / 100).toBeCloseTo(1.91, 1);
  });
  it("the examples gallery shows a demo's preview, and a placeholder for demos without one", async () => {
    // This server seeds no demos: one is deployed by hand, as the instructions tell an operator.
    const { token } = await registerUser(server);
    const res = await deployCode(
      server,
      token,
      'todo',
      '<!doctype html><html><head><title>Task Flow</title></head><body><h1>Tasks</h1></body></html>',
    );
    expect(res.status).toBe(201);
    const siteId: string = res.body.site.id;
    await waitForDeployment(server, token, res.body.deployment.id);
    await waitUntil(async () => {
      const r = await server.api<{ site: Site }>('GET', `/api/sites/${siteId}`, { token });
      return r.body.site.previewUrl;
    });
    await page.goto(`${server.url}/examples`);
    await expect.poll(() => loadedPreview('Preview of Task Flow To-Do List')).toBe(true);
    // the memory game was never deployed here: its card keeps the placeholder
    const memory = page.getByRole('listitem').filter({ hasText: 'Emoji Memory Match' });
    await expect.poll(() => memory.getByText('No preview yet').count()).toBe(1);
    await screenshotScreen(page, 'examples-link-previews');
  });
});
