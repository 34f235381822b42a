import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { registerUser, startTestServer, verifyEmailOf, type TestServer } from '../test/server';

// Settings' Profile and Security tabs, as a signed-in person uses them.
describe('settings: profile and password in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

  it('renames the account, shows the e-mail unconfirmed, and changes the password signing out elsewhere', async () => {
    const { token, user } = await registerUser(server, { name: 'Ann' });
    // a second sign-in, as from another browser
    const other = await server.api('POST', '/api/auth/login', {
      body: { email: user.email, password: 'correct horse battery' },
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    // Billing & Plans is the default tab; this test is about Profile and Security.
    await page.goto(`${server.url}/settings?tab=profile`);

    const profileTab = page.getByRole('tab', { name: 'Profile' });
    await expect.poll(() => profileTab.getAttribute('aria-selected')).toBe('true');
    const email = page.getByLabel('Email');
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.isDisabled()).toBe(true);
    await visible('Not confirmed yet: open the link we sent to it.');
    const name = page.getByLabel('Name');
    await expect.poll(() => name.inputValue()).toBe('Ann');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible('Please enter your name');
    await name.fill('Ann Lee');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible('Profile saved');
    expect((await server.api('GET', '/api/auth/me', { token })).body.user.name).toBe('Ann Lee');
    await screenshotScreen(page, 'settings-profile');

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'security');
    const change = page.getByRole('button', { name: 'Change Password' });
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password').fill('a brand new secreT');
    await change.click();
    await visible('The two new passwords are not the same.');
    await page.getByLabel('Confirm new password').fill('a brand new secret');
    await change.click();
    await visible('Your current password is not correct.');
    // a token needs a confirmed address: the link is opened as the person would
    await verifyEmailOf(server, user.email);
    const minted = await server.api('POST', '/api/tokens', { token, body: { name: 'ci' } });
    expect(minted.status).toBe(201);
    await page.getByLabel('Current password').fill('correct horse battery');
    // on unless the person unticks it: whoever else knew the old password is out
    const everywhere = page.getByLabel('Also sign out other devices and revoke access tokens');
    expect(await everywhere.isChecked()).toBe(true);
    await change.click();
    await visible('Password changed');
    await visible('Signed out of 1 other session and revoked 1 access token.');
    // the sessions list shows only this browser now
    const rows = page.getByRole('listitem').filter({ has: page.getByText(/ago|Active now/) });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    await screenshotScreen(page, 'settings-security');

    // the other browser is signed out; this one is not; the new password signs in
    expect((await server.api('GET', '/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await server.api('GET', '/api/sites', { token: minted.body.secret })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
    const again = await server.api('POST', '/api/auth/login', {
      body: { email: user.email, password: 'a brand new secret' },
    });
    expect(again.status).toBe(200);
  });
});
