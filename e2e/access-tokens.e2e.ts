import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { registerVerifiedUser, startTestServer, type TestServer } from '../test/server';

// Settings → Access Tokens clicked through in Chromium against a real server: the secret is
// shown once, works as a bearer token, and stops working once revoked.
describe('Access tokens in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
    ({ token } = await registerVerifiedUser(server));
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('creates a token, shows its secret once, lists it and revokes it', async () => {
    await page.goto(`${server.url}/settings?tab=access-tokens`);
    await expect.poll(() => page.getByText('No access tokens yet.').isVisible()).toBe(true);
    await screenshotScreen(page, 'access-tokens-empty');

    await page.getByLabel('Name').fill('laptop CLI');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secretBox = page.getByTestId('new-token-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^ah_/);
    const row = page.getByRole('row').filter({ hasText: 'laptop CLI' });
    await row.waitFor();
    expect(await row.textContent()).toContain(secret.slice(-4));
    await screenshotScreen(page, 'access-tokens-created');

    // The secret works as a bearer token; then it is put away for good.
    expect((await server.api('GET', '/api/sites', { token: secret })).status).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await secretBox.count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke laptop CLI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke access token?' });
    await dialog.waitFor();
    await screenshotScreen(page, 'access-tokens-revoke');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByText('No access tokens yet.').isVisible()).toBe(true);
    expect((await server.api('GET', '/api/sites', { token: secret })).status).toBe(401);
  });

  it('says so when the account already holds 50 tokens', async () => {
    for (let i = 0; i < 50; i += 1) {
      const made = await server.api('POST', '/api/tokens', { token, body: { name: `bot ${i}` } });
      expect(made.status).toBe(201);
    }
    await page.goto(`${server.url}/settings?tab=access-tokens`);
    await expect.poll(() => page.getByText('(you have 50)').isVisible()).toBe(true);
    await page.getByLabel('Name').fill('one more');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect
      .poll(() => page.getByText('You already have 50 access tokens').isVisible())
      .toBe(true);
    expect(await page.getByRole('row').filter({ hasText: 'one more' }).count()).toBe(0);
    await screenshotScreen(page, 'access-tokens-limit');
  });
});
