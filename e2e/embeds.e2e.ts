import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotScreen } from '../test/browser';
import { openBrowserOnServer, type BrowserOnServer } from '../test/browser-on-server';
import { deployCode, fetchSite, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUser, type TestServer } from '../test/server';

const PAGE =
  '<!doctype html><html><head><title>Chart</title></head><body><h1>Chart</h1></body></html>';

describe('embeds in the browser', () => {
  let server: TestServer;
  let page: Page;
  let opened: BrowserOnServer | undefined;

  beforeAll(async () => {
    opened = await openBrowserOnServer();
    ({ server, page } = opened);
  });
  afterAll(() => opened?.close());

  it('the Embed dialog copies the iframe and restricts who may frame the site', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('chart');
    const deployed = await deployCode(server, token, subdomain, PAGE);
    expect(deployed.status).toBe(201);
    const done = await waitForDeployment(server, token, deployed.body.deployment.id);
    expect(done.status).toBe('SUCCESS');

    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${deployed.body.site.id}`);
    await page.getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed this site' });
    const code = dialog.getByRole('textbox', { name: 'Embed code' });
    await expect.poll(() => code.inputValue()).toContain('<iframe src="http://');
    const snippet = await code.inputValue();
    expect(snippet).toContain(`${subdomain}.localhost:${server.port}/`);

    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    await dialog.getByLabel('Only these websites').check();
    const origins = dialog.getByRole('textbox', { name: 'Allowed origins' });
    await origins.fill('notes.example.com/page');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText(/is not an origin/).isVisible()).toBe(true);
    expect((await fetchSite(server.port, subdomain)).headers['content-security-policy']).toBe(
      undefined,
    );

    await origins.fill('https://notes.example.com\nhttps://blog.example.org');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Embedding settings saved').isVisible()).toBe(true);
    expect((await fetchSite(server.port, subdomain)).headers['content-security-policy']).toBe(
      "frame-ancestors 'self' https://notes.example.com https://blog.example.org",
    );
    await screenshotScreen(page, 'site-embed-dialog');

    // opened again, the dialog starts from what was saved
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Embed' }).click();
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Allowed origins' }).inputValue())
      .toBe('https://notes.example.com\nhttps://blog.example.org');
  });
});
