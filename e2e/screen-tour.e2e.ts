import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../test/server';

// Every screen of the app, shot light and dark at desktop and phone widths
// (e2e/screenshots/tour-*.png) so a person can look at them all and compare their words
// with what each screen should say. Each screen first shows a text of its own, so no shot is
// of a spinner.
describe('a tour of every screen', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const shoot = async (name: string, path: string, text: string | RegExp) => {
    await page.goto(`${server.url}${path}`);
    await expect
      .poll(() => page.getByText(text).first().isVisible(), { message: `${path}: ${text}` })
      .toBe(true);
    await screenshotScreen(page, `tour-${name}`);
  };

  it('shows every public screen to a visitor who never signed in', async () => {
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await shoot('landing', '/', /ready in 30 seconds/i);
    await shoot('examples', '/examples', 'See what people deploy');
    await shoot('demo-instructions', '/demo-instructions', 'Deploy the demo sites');
    await shoot('upload-signed-out', '/upload', 'Paste Code');
    await shoot('auth', '/auth', 'Welcome back');
    await shoot(
      'auth-callback-failed',
      '/auth/callback?error=access_denied',
      'Authentication Failed',
    );
    await shoot('about', '/about', 'From chat to website');
    await shoot('comparison', '/comparison', 'Built for what AI makes');
    await shoot('contact', '/contact', 'Get in Touch');
    await shoot('help', '/help', 'How can we help?');
    await shoot('help-article', '/help/article/first-deployment', 'Deploy in four steps');
    await shoot('privacy', '/privacy', 'Last updated');
    await shoot('terms', '/terms', 'Last updated');
    await shoot('debug-signed-out', '/debug', 'Local token');
    await shoot('settings-signed-out', '/settings', 'Billing & Plans');
  });

  it('shows every signed-in screen to an account with one live site', async () => {
    const user = await registerUser(server, { name: 'Tess Tour' });
    const subdomain = uniqueSubdomain('tour');
    const res = await deployCode(server, user.token, subdomain, htmlArtifact(subdomain));
    expect(res.status).toBe(201);
    await waitForDeployment(server, user.token, res.body.deployment.id);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), user.token);

    await shoot('dashboard', '/dashboard', subdomain);
    await shoot('site-detail', `/sites/${res.body.site.id}`, 'Deployment History');
    await shoot('deployment', `/deployments/${res.body.deployment.id}`, 'Deployed at');
    await shoot('upload', '/upload', 'Paste Code');
    await shoot('analytics', '/analytics', 'Deployment status');
    await shoot('api-keys', '/api-keys', 'API Keys');
    await shoot('debug', '/debug', 'Session user');
    await shoot('settings-billing', '/settings', 'Most Popular');
    for (const tab of ['Profile', 'API Keys', 'Security']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected'))
        .toBe('true');
      await screenshotScreen(page, `tour-settings-${tab.toLowerCase().replace(' ', '-')}`);
    }
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('Tess Tour');
    await screenshotScreen(page, 'tour-user-menu');
  });
});
