import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { GITHUB_APP, startFakeGitHub, type FakeGitHub } from '../test/oauth-providers';
import { registerUser, startTestServer, type TestServer } from '../test/server';
import { startTestSmtp, type TestSmtp } from '../test/smtp';

const PASSWORD = 'correct horse battery';

/** The link of a confirmation e-mail, as a person would click it. */
const linkIn = (text: string | undefined) => {
  const match = /http:\/\/\S+\/verify-email\?token=[\w%-]+/.exec(text ?? '');
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[0];
};

// Confirming an address and changing it, as a person does in the browser, with the e-mails
// read from a local SMTP server.
describe('e-mail confirmation in the browser', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let github: FakeGitHub;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `erin-${Date.now()}@example.com`;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    github = await startFakeGitHub();
    server = await startTestServer('sqlite', {
      SMTP_URL: smtp.url,
      GITHUB_CLIENT_ID: GITHUB_APP.clientId,
      GITHUB_CLIENT_SECRET: GITHUB_APP.clientSecret,
      ...github.env,
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await smtp?.close();
    await github?.close();
  });

  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
  const banner = () => page.getByRole('region', { name: 'Confirm your e-mail address' });
  // The app's links name APP_ORIGIN; the test's browser dials this very server.
  const ours = (url: string) => {
    const u = new URL(url);
    return `${server.url}${u.pathname}${u.search}`;
  };

  it('signs up, shows the banner, and the link from the mailbox confirms the address', async () => {
    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Erin Example');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => banner().isVisible()).toBe(true);
    expect(await banner().textContent()).toContain(email);
    await screenshotScreen(page, 'dashboard-unconfirmed-email');

    // Too soon for another link: the banner says so instead of pretending to send one.
    await banner().getByRole('button', { name: 'Resend link' }).click();
    await expect.poll(() => banner().textContent()).toMatch(/just sent a link/);

    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Confirm your e-mail address');
    await page.goto(ours(linkIn(mail.text)));
    await visible('Your e-mail address is confirmed.');
    await screenshotScreen(page, 'verify-email-done');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await visible('Your sites');
    expect(await banner().count()).toBe(0);
    // A second opening of the same link is refused in words.
    await page.goto(ours(linkIn(mail.text)));
    await visible(/invalid, was already used or has expired/);
  });

  it('changes the address in Settings → Profile through a link sent to the new one', async () => {
    const next = `erin-new-${Date.now()}@example.com`;
    await page.goto(`${server.url}/settings?tab=profile`);
    const form = page.getByRole('form', { name: 'Change e-mail address' });
    await form.getByLabel('New e-mail address').fill(next);
    await form.getByLabel('Current password').fill('not my password');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await visible('Your current password is not correct.');
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await visible(`We sent a link to ${next}. Your address changes when you open it.`);
    await screenshotScreen(page, 'settings-profile-change-email');
    const notice = await smtp.waitForMail(email, 1);
    expect(notice.subject).toBe('A change of your e-mail address was requested');
    // Nothing changed yet.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);

    const mail = await smtp.waitForMail(next);
    await page.goto(ours(linkIn(mail.text)));
    await visible('Your e-mail address has been changed.');
    await page.goto(`${server.url}/settings?tab=profile`);
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(next);
  });

  it('asks the password of an unconfirmed account with the same address before connecting GitHub', async () => {
    const owner = await registerUser(server, { email: 'octo-owner@example.com', name: 'Oc' });
    github.person = {
      id: 777,
      login: 'octo-owner',
      name: 'Octo Owner',
      emails: [{ email: 'octo-owner@example.com', primary: true, verified: true }],
    };
    // The providers return to APP_ORIGIN: the state cookie must live there.
    const app = server.ctx.config.appOrigin;
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await fresh.newPage();
    await page.goto(`${app}/auth`);
    await page.getByRole('link', { name: 'GitHub' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/link');
    await visible('An account with');
    await visible('Connect GitHub to your account');
    await screenshotScreen(page, 'auth-link-account');
    await page.getByLabel('Password of the existing account').fill('not the password');
    await page.getByRole('button', { name: 'Connect and sign in' }).click();
    await visible('Invalid email or password');
    await page.getByLabel('Password of the existing account').fill(PASSWORD);
    await page.getByRole('button', { name: 'Connect and sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect
      .poll(() => page.getByRole('menu').textContent())
      .toContain('octo-owner@example.com');
    // GitHub vouched for the address and the password proved the account: confirmed.
    const me = await server.api('GET', '/api/auth/me', { token: owner.token });
    expect(me.body.user.emailVerified).toBe(true);
    await fresh.close();
  });
});
