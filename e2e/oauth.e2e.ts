import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { GITHUB_APP, startFakeGitHub, type FakeGitHub } from '../test/oauth-providers';
import { startTestServer, type TestServer } from '../test/server';

// 'GitHub' on /auth, through a local GitHub and /auth/callback, to the dashboard; Google has
// no app on this server, so its button says so without leaving the page.
describe('social sign-in in the browser', () => {
  let server: TestServer;
  let github: FakeGitHub;
  let browser: Browser;
  let page: Page;
  // The origin the providers return to (APP_ORIGIN): the state cookie must live there.
  let app: string;

  beforeAll(async () => {
    github = await startFakeGitHub();
    server = await startTestServer('sqlite', {
      GITHUB_CLIENT_ID: GITHUB_APP.clientId,
      GITHUB_CLIENT_SECRET: GITHUB_APP.clientSecret,
      ...github.env,
    });
    app = server.ctx.config.appOrigin;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await github?.close();
  });

  const freshPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(`${app}/auth`);
    await expect.poll(() => page.getByRole('link', { name: 'GitHub' }).isVisible()).toBe(true);
  };

  it('says a provider without an app is not set up, without leaving /auth', async () => {
    await freshPage();
    // The config answer has arrived once the guide shows GitHub as set up.
    await page.getByRole('button', { name: 'OAuth setup guide' }).click();
    const githubSetup = page.getByRole('region', { name: 'GitHub setup' });
    await expect.poll(() => githubSetup.textContent()).toContain('Set up');
    expect(await githubSetup.textContent()).toContain(`${app}/api/auth/github/callback`);
    expect(await githubSetup.textContent()).toContain('GITHUB_CLIENT_SECRET');
    const googleSetup = page.getByRole('region', { name: 'Google setup' });
    expect(await googleSetup.textContent()).toContain('Not set up');
    expect(await googleSetup.textContent()).toContain(`${app}/api/auth/google/callback`);

    await page.getByRole('link', { name: 'Google' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'not set up' });
    await expect
      .poll(() => alert.textContent())
      .toBe('Google sign-in is not set up on this server.');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await screenshotScreen(page, 'auth-oauth-guide');
  });

  it("signs in with 'GitHub' through /auth/callback to the dashboard", async () => {
    github.person = {
      id: 4242,
      login: 'octocat',
      name: 'The Octocat',
      emails: [{ email: 'octocat@example.com', primary: true, verified: true }],
    };
    await freshPage();
    await page.getByRole('link', { name: 'GitHub' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Authentication Successful' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Signed in with Github').isVisible()).toBe(true);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.textContent()).toContain('octocat@example.com');
    expect(await menu.textContent()).toContain('The Octocat');
  });

  it('returns a cancelled sign-in to /auth with the reason', async () => {
    github.person = null;
    await freshPage();
    await page.getByRole('link', { name: 'GitHub' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Authentication Failed' }).isVisible())
      .toBe(true);
    await page.waitForURL((url) => url.pathname === '/auth');
    await expect
      .poll(() => page.getByText('Authentication failed: You cancelled the sign-in.').isVisible())
      .toBe(true);
  });
});
