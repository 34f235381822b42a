import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../test/browser';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../test/server';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

// The app under its Content-Security-Policy in a real browser: nothing it needs is blocked,
// and no other page can frame it.
describe('the app under its security headers', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
    // Dark mode makes index.html's inline script do something visible.
    context = await browser.newContext({ colorScheme: 'dark' });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window.cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const violations = async () => page.evaluate(() => window.cspViolations ?? []);

  it('runs the inline theme script, the bundles and the live socket without a violation', async () => {
    await page.goto(`${server.url}/`);
    await expect
      .poll(() => page.getByTitle('Connected', { exact: true }).first().isVisible())
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    expect(await violations()).toEqual([]);

    const ann = await registerUser(server);
    await page.evaluate((token) => localStorage.setItem('auth_token', token), ann.token);
    for (const [path, heading] of [
      ['/examples', 'See what people deploy'],
      ['/dashboard', /./],
      ['/upload', /./],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect
        .poll(() => page.getByRole('heading', { name: heading }).first().isVisible())
        .toBe(true);
      expect(await violations(), path).toEqual([]);
    }
  });

  it('cannot be framed by a hosted site', async () => {
    const ann = await registerUser(server);
    const subdomain = uniqueSubdomain('framer');
    const html = `<!doctype html><html><body><h1>framer</h1><iframe src="${server.url}/auth"></iframe></body></html>`;
    const site = await deployCode(server, ann.token, subdomain, html);
    expect(site.status).toBe(201);
    await waitForDeployment(server, ann.token, site.body.deployment.id);
    await page.goto(site.body.site.url);
    await expect.poll(() => page.getByRole('heading', { name: 'framer' }).isVisible()).toBe(true);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // Chromium replaces a frame its ancestors may not embed with its own error page.
    await expect.poll(() => frame!.url()).toMatch(/^chrome-error:/);
  });
});
