import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../test/server';
import { startTestSmtp, type TestSmtp } from '../test/smtp';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a fresh new secret';

// The account side of Settings and 'Forgot your password?', as a person uses them.
describe('account: password reset, sessions, notifications and deletion in the browser', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer('sqlite', { SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

  async function newPage() {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  }

  async function signIn(email: string, password: string) {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
  }

  it('resets a forgotten password from the e-mailed link, once', async () => {
    const { user } = await registerUser(server, { name: 'Ann' });
    // Sign-up's confirmation e-mail comes first.
    await smtp.waitForMail(user.email);
    await newPage();
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    // the address typed so far comes along
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(
      'If an account exists for that address, we have sent a link to reset its password.',
    );
    await screenshotScreen(page, 'auth-forgot-password');

    const mail = await smtp.waitForMail(user.email, 1);
    expect(mail.subject).toBe('Reset your Artifact Host password');
    expect(mail.html).toBeTruthy();
    const link = /http:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await visible('Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('something else');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await visible('The two passwords are not the same.');
    await screenshotScreen(page, 'reset-password');
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await visible(/Your password has been changed/);
    await screenshotScreen(page, 'reset-password-done');

    // the link is spent
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another secret');
    await page.getByLabel('Confirm new password').fill('yet another secret');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await visible('This reset link is invalid or has expired. Please ask for a new one.');
    await screenshotScreen(page, 'reset-password-invalid');

    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Send reset link' }).isVisible())
      .toBe(true);
    await signIn(user.email, NEW_PASSWORD);
  });

  it('drops an ended session from every open Sessions list at once, no reload', async () => {
    const { user } = await registerUser(server, { name: 'Cy' });
    const apiLogin = async () =>
      (
        await server.api('POST', '/api/auth/login', {
          body: { email: user.email, password: PASSWORD },
        })
      ).body.token as string;
    const laptop = await apiLogin();
    await apiLogin();
    const phone = await apiLogin();
    // two tabs of one browser, both on Settings → Security
    await newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), laptop);
    const tabs: Page[] = [page, await context.newPage()];
    const rowsOf = (tab: Page) =>
      tab.getByRole('listitem').filter({ has: tab.getByText(/ago|Active now/) });
    for (const tab of tabs) {
      await tab.goto(`${server.url}/settings?tab=security`);
      await expect.poll(() => rowsOf(tab).count()).toBe(4);
    }

    // a device signs itself out: both open lists lose it
    expect((await server.api('POST', '/api/auth/logout', { token: phone })).status).toBe(200);
    for (const tab of tabs) await expect.poll(() => rowsOf(tab).count()).toBe(3);

    // signed out from one tab: gone there, and from the other tab too
    const others = rowsOf(tabs[0]!).filter({ hasNot: tabs[0]!.getByText('This device') });
    await others.first().getByRole('button', { name: 'Sign out' }).click();
    for (const tab of tabs) await expect.poll(() => rowsOf(tab).count()).toBe(2);
    await screenshotScreen(tabs[1]!, 'settings-sessions-live');
    const left = await server.api('GET', '/api/auth/sessions', { token: laptop });
    expect(left.body.sessions).toHaveLength(2);
  });

  it('lists sessions and signs another out; notification switches persist; deletes the account', async () => {
    const { token: apiToken, user } = await registerUser(server, { name: 'Bea' });
    await newPage();
    await signIn(user.email, PASSWORD);
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const subdomain = uniqueSubdomain('bea');
    const deployed = await deployCode(server, token, subdomain, htmlArtifact('Bea was here'));
    expect(deployed.status).toBe(201);
    await waitForDeployment(server, token, deployed.body.deployment.id);
    expect((await fetchSite(server.port, subdomain)).text).toContain('Bea was here');

    await page.goto(`${server.url}/settings?tab=security`);
    const rows = page.getByRole('listitem').filter({ has: page.getByText(/ago|Active now/) });
    await expect.poll(() => rows.count()).toBe(2);
    const current = page.getByRole('listitem', { name: 'Chrome on Linux' });
    await expect.poll(() => current.getByText('This device').isVisible()).toBe(true);
    await visible('Sign out everywhere else');
    await screenshotScreen(page, 'settings-security-sessions');

    const other = page.getByRole('listitem', { name: 'Node.js' });
    await other.getByRole('button', { name: 'Sign out' }).click();
    await visible('Session signed out');
    await expect.poll(() => rows.count()).toBe(1);
    expect((await server.api('GET', '/api/auth/me', { token: apiToken })).status).toBe(401);

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'notifications');
    const plan = page.getByRole('switch', { name: 'E-mail me about plan changes' });
    const payment = page.getByRole('switch', { name: 'E-mail me about failed payments' });
    await expect.poll(() => plan.getAttribute('aria-checked')).toBe('true');
    await plan.click();
    await visible('Notification settings saved');
    await expect.poll(() => plan.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => payment.getAttribute('aria-checked')).toBe('true');
    expect(await plan.getAttribute('aria-checked')).toBe('false');
    await visible('Security e-mails, such as a link to reset your password, are always sent.');
    await screenshotScreen(page, 'settings-notifications');
    expect((await server.api('GET', '/api/auth/notifications', { token })).body).toEqual({
      planChanged: false,
      paymentFailed: true,
    });

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel(/to confirm/).fill('not-me@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill(user.email);
    await screenshotScreen(page, 'settings-delete-account');
    await confirm.click();
    await page.waitForURL(`${server.url}/`);
    await visible('Your account has been deleted');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await fetchSite(server.port, subdomain)).status).toBe(404);
  });
});
