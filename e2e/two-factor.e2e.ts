import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { registerUser, startTestServer, type TestServer } from '../test/server';

// Two-factor sign-in as a person sets it up and uses it: an authenticator app (the test
// computes its codes from the key the page shows) and a passkey (Chromium's own virtual
// authenticator, through the DevTools protocol). WebAuthn needs a secure context and the
// relying party's host, so the browser opens the app at APP_ORIGIN (http://localhost:port),
// not at the 127.0.0.1 address the API tests use.
describe('two-factor sign-in in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let app: string;
  const password = 'correct horse battery';
  let email: string;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    app = server.ctx.config.appOrigin;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

  const codeAt = (steps: number) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

  const signOut = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  };

  it('turns on an authenticator app from the QR code page and shows the recovery codes once', async () => {
    const auth = await registerUser(server, { password, name: 'Tess Two' });
    email = auth.user.email;
    await page.goto(app);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), auth.token);
    await page.goto(`${app}/settings?tab=security`);
    await visible('Two-factor authentication');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect
      .poll(() => page.getByAltText('QR code for your authenticator app').isVisible())
      .toBe(true);
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
    await screenshotScreen(page, 'two-factor-setup');

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await visible("That code didn't work. Check the code in your authenticator app and try again.");
    await page.getByLabel('Code from the app').fill(await codeAt(0));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await visible('Save your recovery codes');
    const codes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await screenshotScreen(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I’ve saved them' }).click();
    await visible(/10 recovery codes left/);
    expect(await page.getByText('Save your recovery codes').count()).toBe(0);
  });

  it('asks for the code after the password, then signs in', async () => {
    await signOut();
    await page.goto(`${app}/auth`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Confirm it’s you' }).isVisible())
      .toBe(true);
    // No session yet: nothing stored, the server says nobody is signed in.
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await screenshotScreen(page, 'two-factor-code-step');

    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible("That code didn't work. Check the code in your authenticator app and try again.");
    // The code that turned the app on is spent; the next one works.
    await page.getByLabel('Authentication code').fill(await codeAt(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });

  it('adds a passkey with the virtual authenticator, then signs in with it alone', async () => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${app}/settings?tab=security`);
    await page.getByLabel('Name for a new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await visible('Passkey “Test laptop” added');
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await expect.poll(() => list.getByText('Test laptop').isVisible()).toBe(true);
    await visible('Not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await screenshotScreen(page, 'two-factor-security');

    await signOut();
    await page.goto(`${app}/auth`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in with a passkey' }).isVisible())
      .toBe(true);
    await screenshotScreen(page, 'two-factor-auth-signin');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain(email);
    await page.keyboard.press('Escape');

    // The passkey now shows when it was last used.
    await page.goto(`${app}/settings?tab=security`);
    await visible(/Last used/);
  });

  it('offers the passkey at the code step too', async () => {
    await signOut();
    await page.goto(`${app}/auth`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await visible('Use the passkey on your phone, computer or security key to confirm it’s you.');
    await screenshotScreen(page, 'two-factor-passkey-step');
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await page.waitForURL('**/dashboard');
  });
});

// In production an operator without a second factor is sent to set one up.
describe('two-factor for operators in production, in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      NODE_ENV: 'production',
      SECRET_KEY: 'a-production-secret-key-of-32-characters-or-more',
      ADMIN_EMAILS: 'ops@example.com',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens Security with the reason instead of the operator console', async () => {
    const op = await registerUser(server, { email: 'ops@example.com' });
    // Production without SMTP_URL sends no mail: the address is confirmed as opening the link
    // would, since an address in ADMIN_EMAILS counts only once confirmed.
    await server.ctx.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', op.user.id)
      .execute();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const app = server.ctx.config.appOrigin;
    await page.goto(app);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), op.token);
    await page.goto(`${app}/admin`);
    await page.waitForURL((url) => url.pathname === '/settings');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('security');
    await expect
      .poll(() => page.getByText('Operators need two-factor authentication.').isVisible())
      .toBe(true);
    await screenshotScreen(page, 'two-factor-operator-required');
    await context.close();
  });
});
