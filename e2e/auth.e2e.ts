import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { registerUser, startTestServer, type TestServer } from '../test/server';
import { CODE_SPENT, issueSignInCode } from '../src/server/domain/accounts/sign-in-codes';

// The accounts journey through the real /auth screen, against a real server and Chromium.
describe('accounts in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'a good long password';

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const freshPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    return page;
  };

  const openUserMenu = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    return page.getByRole('menu');
  };

  it('shows the sign-in screen and its validation', async () => {
    await freshPage();
    await page.goto(`${server.url}/auth`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome back' }).isVisible())
      .toBe(true);
    await screenshotScreen(page, 'auth-signin');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Erin Example');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const message = page.getByText('Password must be at least 8 characters long');
    await expect.poll(() => message.isVisible()).toBe(true);
    const invalid = await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid');
    expect(invalid).toBe('true');
    await screenshotScreen(page, 'auth-signup-error');
  });

  it('signs up and lands on /dashboard signed in as that user', async () => {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    const menu = await openUserMenu();
    await expect.poll(() => menu.textContent()).toContain(email);
    expect(await menu.textContent()).toContain('Erin Example');
    expect(await menu.textContent()).toContain('Free Plan');
  });

  it('sends a signed-in user who opens /auth to /dashboard', async () => {
    await page.goto(`${server.url}/auth`);
    await page.waitForURL('**/dashboard');
  });

  it('signs out to the landing page, and the token is gone', async () => {
    const menu = await openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The page leaves first, then the server ends the session and the token is dropped.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await screenshotScreen(page, 'landing');
  });

  it('refuses a wrong password with the server message, then signs in again', async () => {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    const menu = await openUserMenu();
    await expect.poll(() => menu.textContent()).toContain(email);
  });

  it('shows an error passed in the address once and removes it', async () => {
    await freshPage();
    await page.goto(
      `${server.url}/auth?error=${encodeURIComponent('Authentication failed: denied')}`,
    );
    await expect.poll(() => page.getByText('Authentication failed: denied').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('continues as a guest to /upload', async () => {
    await page.getByRole('button', { name: 'Continue as guest (24h sites)' }).click();
    await page.waitForURL('**/upload');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token).toBeTruthy();
    const me = await server.api('GET', '/api/auth/me', { token: token! });
    expect(me.body.user.isGuest).toBe(true);
    const menu = await openUserMenu();
    await expect.poll(() => menu.textContent()).toContain('Guest');
    expect(await menu.getByRole('menuitem', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('keeps dark mode across a reload', async () => {
    await freshPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${server.url}/auth`);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await isDark()).toBe(true);
    await page.reload();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    expect(await isDark()).toBe(false);
  });

  it('refuses a sign-in link this browser did not start, and stays signed out', async () => {
    // Login CSRF: any page could send a visitor here carrying the attacker's own session.
    const attacker = await registerUser(server);
    await freshPage();
    await page.goto(`${server.url}/auth/callback?token=${attacker.token}&provider=github`);
    const failed = page.getByRole('heading', { name: 'Authentication Failed' });
    await expect.poll(() => failed.isVisible()).toBe(true);
    expect(await page.getByText(CODE_SPENT).isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  it('signs in the browser that started a social sign-in with its one-time code', async () => {
    const { user } = await registerUser(server);
    await freshPage();
    await page.goto(`${server.url}/api/auth/github`);
    const state = (await page.context().cookies()).find((c) => c.name === 'auth_state');
    expect(state).toBeDefined();
    const code = await issueSignInCode(server.ctx.db, user.id, state!.value);
    await page.goto(`${server.url}/auth/callback?token=${code}&provider=github`);
    const done = page.getByRole('heading', { name: 'Authentication Successful' });
    await expect.poll(() => done.isVisible()).toBe(true);
    await page.waitForURL('**/dashboard');
    const menu = await openUserMenu();
    await expect.poll(() => menu.textContent()).toContain(user.email);
  });
});
