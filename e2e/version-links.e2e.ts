import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotScreen } from '../test/browser';
import { openBrowserOnServer, type BrowserOnServer } from '../test/browser-on-server';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUser, type TestServer } from '../test/server';

describe('version links in the browser', () => {
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let opened: BrowserOnServer | undefined;

  beforeAll(async () => {
    opened = await openBrowserOnServer();
    ({ server, context, page } = opened);
  });
  afterAll(() => opened?.close());

  it('the history shows and copies each version link, and the switch hides them', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('history');
    let siteId = '';
    for (const marker of ['first cut', 'second cut']) {
      const res = await deployCode(server, token, subdomain, htmlArtifact(marker));
      expect(res.status).toBe(201);
      const done = await waitForDeployment(server, token, res.body.deployment.id);
      expect(done.status).toBe('SUCCESS');
      siteId = res.body.site.id;
    }
    const v1 = `http://v1--${subdomain}.localhost:${server.port}`;

    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${siteId}`);
    const link = page.getByRole('link', { name: 'Open version 1 at its own link' });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(v1);
    expect(await link.textContent()).toBe(`v1--${subdomain}.localhost:${server.port}`);
    await page.getByRole('button', { name: 'Copy the link of version 1' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(v1);
    await page.getByRole('heading', { name: 'Deployment History' }).scrollIntoViewIfNeeded();
    await screenshotScreen(page, 'site-version-links');

    // What the copied link opens: the first version, while the live site shows the second.
    const opened = await context.newPage();
    await opened.goto(`${v1}/`);
    expect(await opened.getByRole('heading', { level: 1 }).textContent()).toBe('first cut');
    await opened.close();

    const toggle = page.getByRole('switch', { name: 'Version links' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => link.count()).toBe(0);
  });
});
