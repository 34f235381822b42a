import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { CORPUS_DIR } from '../test/builder-corpus';
import { fetchSite } from '../test/deploy';
import { startNpmRegistry } from '../test/npm-registry';
import { startTestServer, type TestServer } from '../test/server';
import { makeZip } from '../test/zip';

/** A project folder of the corpus, zipped as a person zips it: the folder itself at the top. */
function zipFolder(name: string): Buffer {
  const root = path.join(CORPUS_DIR, name);
  const files: Record<string, Buffer> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else
        files[`${name}/${path.relative(root, full).split(path.sep).join('/')}`] =
          readFileSync(full);
    }
  };
  walk(root);
  return makeZip(files);
}

// An exported Vite project dropped on /upload goes live as the app it is: rendered, styled by
// its own CSS, and working. Builds reach only a registry on loopback that knows nothing, so
// everything the project needs comes from the builder's installed packages.
describe('deploying a project folder from the browser', () => {
  let server: TestServer;
  let registry: Awaited<ReturnType<typeof startNpmRegistry>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    registry = await startNpmRegistry([]);
    server = await startTestServer('sqlite', { NPM_REGISTRY: registry.url });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(60_000);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await registry?.close();
  });

  it('drops a Vite project zip on /upload, watches it go live and uses the app', async () => {
    await page.goto(`${server.url}/upload`);
    await page.getByRole('tab', { name: 'Upload Files' }).click();
    // the zone's words change while a file is over it ("Drop it here"): hold the element itself
    const zone = (await page.getByText('Drag and drop your file here').elementHandle())!;
    // the drop a person makes from their file manager: a DataTransfer holding the zip
    const bytes = zipFolder('42-vite-trail-planner').toString('base64');
    const dataTransfer = await page.evaluateHandle((b64) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], 'trail-planner.zip', { type: 'application/zip' }));
      return transfer;
    }, bytes);
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await page.getByText('trail-planner.zip').waitFor();
    const subdomain = `trail-${Date.now()}`;
    await page.getByLabel('Subdomain').fill(subdomain);
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    await page.waitForURL(/\/deployments\//);
    await page.getByText('Deployed Successfully').first().waitFor();
    await screenshotScreen(page, 'project-upload-live');

    const site = await context.newPage();
    const errors: string[] = [];
    site.on('pageerror', (err) => errors.push(err.message));
    await site.goto(`http://${subdomain}.localhost:${server.port}/`);
    await site.getByRole('heading', { name: 'Trail Planner' }).waitFor();
    // its own CSS applies (App.css colours the heading), its image and its .env tagline show
    expect(
      await site
        .getByRole('heading', { name: 'Trail Planner' })
        .evaluate((h) => getComputedStyle(h).color),
    ).toBe('rgb(54, 83, 20)');
    expect(
      await site.getByAltText('Mountain').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await site.getByText('Plan your next hike, one stop at a time').waitFor();
    await site.getByText('1 stop planned').waitFor();

    await site.getByRole('button', { name: 'Add Lookout Rock' }).click();
    await site.getByText('2 stops planned').waitFor();
    await site.getByText('Furthest: Lookout Rock, 6.8 km').waitFor();
    await site.getByRole('button', { name: 'Remove Lookout Rock' }).waitFor();
    await screenshotScreen(site, 'project-upload-site');
    expect(errors).toEqual([]);
    // the project's icon from public/, at the site's root
    const icon = await fetchSite(server.port, subdomain, '/boot.svg', {
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    expect(icon.status).toBe(200);
    expect(icon.text).toContain('<svg');
    await site.close();
  });
});
