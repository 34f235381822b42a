import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { CORPUS_DIR } from '../test/builder-corpus';
import { deployCode, htmlArtifact } from '../test/deploy';
import { startTestServer, type TestServer } from '../test/server';

const corpus = (file: string) => readFileSync(path.join(CORPUS_DIR, file), 'utf8');

// The Deploy screen (/upload) and the Deployment progress screen (/deployments/:id) in
// Debian's Chromium against a real server: guests, validation, plan limits, failures, files
// and the keyboard.
describe('deploying from the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
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

  /** A new visitor: no token, nothing stored. */
  const freshVisitor = async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  };
  const shows = (text: string | RegExp, timeout = 30_000) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);
  const deployButton = () => page.getByRole('button', { name: 'Deploy', exact: true });
  const openUpload = async (query = '') => {
    await page.goto(`${server.url}/upload${query}`);
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Paste what your AI assistant gave you' }).isVisible(),
      )
      .toBe(true);
  };
  const register = async (email: string): Promise<string> => {
    const res = await server.api('POST', '/api/auth/register', {
      body: { email, password: 'a good long password', name: 'Robin Maker' },
    });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  const signInWith = async (token: string) => {
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  };

  it('takes a guest from pasted JSX to a live site that renders it', async () => {
    await freshVisitor();
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Continue as guest (24h sites)' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    const pasteTab = page.getByRole('tab', { name: 'Paste Code' });
    expect(await pasteTab.getAttribute('aria-selected')).toBe('true');
    await shows('your site stays live for 24 hours');

    await page.getByLabel('Your code').fill(corpus('01-expense-tracker.jsx'));
    await shows(/\d+ lines · [\d,]+ characters/);
    await page.getByLabel('Subdomain').fill('Spending-Tracker');
    await shows(/Your site will be at spending-tracker\.localhost:\d+/);
    await screenshotScreen(page, 'upload-paste');

    await deployButton().click();
    await page.waitForURL(/\/deployments\/[^/]+$/);
    await shows('Deployed Successfully');
    // Opened from /upload, the screen heads back to the dashboard after 3 s unless asked not to.
    await shows('Taking you to your dashboard in 3 s');
    await page.getByRole('button', { name: 'Stay here' }).click();
    expect(await page.getByText('Taking you to your dashboard').count()).toBe(0);

    const log = page.getByRole('log', { name: 'Build log' });
    await expect.poll(async () => (await log.textContent()) ?? '').toMatch(/\[detect\]/);
    expect(await log.getByRole('listitem').count()).toBeGreaterThan(2);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await shows('Deployment completed successfully!');
    await shows(/Deployed at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await screenshotScreen(page, 'deployment-success');

    const viewSite = page.getByRole('link', { name: 'View Site' });
    expect(await viewSite.getAttribute('target')).toBe('_blank');
    expect(await viewSite.getAttribute('rel')).toContain('noopener');
    const [live] = await Promise.all([context!.waitForEvent('page'), viewSite.click()]);
    await live.waitForLoadState();
    expect(new URL(live.url()).hostname).toBe('spending-tracker.localhost');
    await expect
      .poll(() => live.getByText('Monthly Spending Overview').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await live.close();

    // The 'Copy' button puts the address on the clipboard.
    await page.getByRole('button', { name: 'Copy site address' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^http:\/\/spending-tracker\.localhost:\d+\/?$/,
    );
  });

  it('lets a signed-out visitor deploy from /upload: a guest session is made on Deploy', async () => {
    await freshVisitor();
    await openUpload();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await shows('your site stays live for 24 hours');
    expect(
      await page.getByRole('link', { name: 'Sign in or create an account' }).getAttribute('href'),
    ).toBe('/auth');

    await page.getByLabel('Your code').fill(htmlArtifact('Walk-in visitor'));
    await page.getByLabel('Subdomain').fill('walk-in');
    await deployButton().click();
    await page.waitForURL(/\/deployments\//);
    await shows('Deployed Successfully');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    const me = await server.api('GET', '/api/auth/me', {
      token: (await page.evaluate(() => localStorage.getItem('auth_token')))!,
    });
    expect(me.body.user.isGuest).toBe(true);
  });

  it('shows each validation message of SPEC.md section 5', async () => {
    await freshVisitor();
    await openUpload();
    // Nothing in the subdomain yet: the button says so by being disabled.
    expect(await deployButton().isDisabled()).toBe(true);

    // Spaces only enable the button; the trimmed check then explains.
    await page.getByLabel('Subdomain').fill('   ');
    await page.getByLabel('Your code').fill('  \n  ');
    expect(await deployButton().isEnabled()).toBe(true);
    await deployButton().click();
    await shows('Please enter a subdomain');
    await shows('Please enter some code to deploy');
    expect(await page.getByLabel('Your code').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Subdomain').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/upload$/);
    await screenshotScreen(page, 'upload-validation');

    // Typing clears the message and gives live advice from the shared subdomain rules.
    await page.getByLabel('Subdomain').fill('My_Site');
    expect(await page.getByText('Please enter a subdomain').count()).toBe(0);
    await shows('Subdomain may contain only letters a-z, digits 0-9 and hyphens');
    await page.getByLabel('Subdomain').fill('www');
    await shows('The subdomain "www" is reserved. Please choose another.');

    // File mode: without a file the button stays disabled and says why.
    await page.getByRole('tab', { name: 'Upload Files' }).click();
    await page.getByLabel('Subdomain').fill('files-site');
    await shows('Please select a file to deploy');
    expect(await deployButton().isDisabled()).toBe(true);

    // A wrong type is refused before anything is sent.
    await page.getByLabel('Choose a file to deploy').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await shows('Only .html and .zip files can be deployed.');
    expect(await deployButton().isDisabled()).toBe(true);

    // A chosen file that is removed again leaves nothing to deploy.
    await page.getByLabel('Choose a file to deploy').setInputFiles({
      name: 'page.html',
      mimeType: 'text/html',
      buffer: Buffer.from(htmlArtifact('page')),
    });
    await shows('page.html');
    expect(await deployButton().isEnabled()).toBe(true);
    expect(await page.getByText('Please select a file to deploy').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove page.html' }).click();
    await shows('Please select a file to deploy');
    expect(await deployButton().isDisabled()).toBe(true);
  });

  it("stops a FREE user's fourth site with the 'Plan Limit Reached' dialog", async () => {
    await freshVisitor();
    const token = await register(`limit-${Date.now()}@example.com`);
    for (const n of [1, 2, 3]) {
      const res = await deployCode(server, token, `limit-site-${n}`, htmlArtifact(`Site ${n}`));
      expect(res.status).toBe(201);
    }
    await signInWith(token);
    await openUpload();
    // A signed-in account is not a guest.
    expect(await page.getByText('your site stays live for 24 hours').count()).toBe(0);
    await page.getByLabel('Your code').fill(htmlArtifact('The fourth'));
    await page.getByLabel('Subdomain').fill('limit-site-4');
    await deployButton().click();

    const dialog = page.getByRole('dialog', { name: 'Plan Limit Reached' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      "You've reached the limit of 3 sites on the FREE plan.",
    );
    const usage = dialog.getByRole('progressbar', { name: 'Sites used' });
    expect(await usage.getAttribute('aria-valuenow')).toBe('3');
    expect(await usage.getAttribute('aria-valuemax')).toBe('3');
    expect(await dialog.getByText('3/3').isVisible()).toBe(true);
    await screenshotScreen(page, 'upload-plan-limit-dialog');

    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(page.url()).toMatch(/\/upload$/);

    await deployButton().click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
  });

  it('shows a build that fails with its Error Details and a way to try again', async () => {
    await freshVisitor();
    await openUpload();
    await page.getByLabel('Your code').fill(corpus('26-broken-unclosed-tag.jsx'));
    await page.getByLabel('Subdomain').fill('broken-weather');
    await deployButton().click();
    await page.waitForURL(/\/deployments\//);
    await shows('Deployment Failed');
    const details = page.getByRole('region', { name: 'Error Details' });
    await expect.poll(() => details.isVisible()).toBe(true);
    // The builder names the line with the mistake (the corpus manifest says line 31).
    expect(await details.textContent()).toContain('31');
    expect(await page.getByRole('log').textContent()).toMatch(/error/i);
    expect(await page.getByText('Taking you to your dashboard').count()).toBe(0);
    await screenshotScreen(page, 'deployment-failed');

    await details.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    expect(new URL(page.url()).searchParams.get('subdomain')).toBe('broken-weather');
    expect(await page.getByLabel('Subdomain').inputValue()).toBe('broken-weather');
  });

  it('deploys an .html file chosen in the file chooser, then returns to the dashboard', async () => {
    await freshVisitor();
    const token = await register(`files-${Date.now()}@example.com`);
    await signInWith(token);
    await openUpload();
    await page.getByRole('tab', { name: 'Upload Files' }).click();
    const html = corpus('15-mortgage-calculator.html');
    await page.getByLabel('Choose a file to deploy').setInputFiles([
      { name: 'mortgage.html', mimeType: 'text/html', buffer: Buffer.from(html) },
      { name: 'extra.html', mimeType: 'text/html', buffer: Buffer.from(htmlArtifact('extra')) },
    ]);
    await shows('mortgage.html');
    await shows(`${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
    await shows('Only the first file is deployed');
    await page.getByLabel('Subdomain').fill('mortgage');
    await screenshotScreen(page, 'upload-files');

    await deployButton().click();
    await page.waitForURL(/\/deployments\//);
    await shows('Deployed Successfully');
    await shows('Taking you to your dashboard in 3 s');
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });

    const sites = await server.api('GET', '/api/sites', { token });
    expect(sites.body.sites.map((s: { subdomain: string }) => s.subdomain)).toEqual(['mortgage']);
    const live = await context!.newPage();
    await live.goto(`http://mortgage.localhost:${server.port}/`);
    await expect
      .poll(() => live.getByRole('heading', { name: 'Mortgage Payment Calculator' }).isVisible())
      .toBe(true);
  });

  it('works from the keyboard: tabs, the browse button and Deploy', async () => {
    await freshVisitor();
    await openUpload();
    const focused = () =>
      page.evaluate(() => ({
        role: document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName,
        text: document.activeElement?.textContent?.trim(),
      }));

    // Tab from the guest note's link reaches the tabs; Enter selects one.
    await page.getByRole('link', { name: 'Sign in or create an account' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'tab', text: 'Upload Files' });
    await page.keyboard.press('Enter');
    const uploadTab = page.getByRole('tab', { name: 'Upload Files' });
    expect(await uploadTab.getAttribute('aria-selected')).toBe('true');
    // The arrow keys move between the tabs and select them too.
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toEqual({ role: 'tab', text: 'Paste Code' });
    expect(await uploadTab.getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('ArrowLeft');
    expect(await uploadTab.getAttribute('aria-selected')).toBe('true');
    // Past the other tab comes the drop zone's Browse button; Space opens the file chooser.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'BUTTON', text: 'Browse files' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Space'),
    ]);
    await chooser.setFiles({
      name: 'keyboard.html',
      mimeType: 'text/html',
      buffer: Buffer.from(htmlArtifact('Made with the keyboard')),
    });
    await shows('keyboard.html');
    // Focus moves to the chosen file's Remove button, then on to the address and Deploy.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Remove keyboard.html');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByLabel('Subdomain').getAttribute('id'),
    );
    await page.keyboard.type('keyboard-site');
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'BUTTON', text: 'Deploy' });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/deployments\//);
    await shows('Deployed Successfully');
  });

  it('opens the AI Artifacts Support dialog, with providers, steps and prompts to copy', async () => {
    await freshVisitor();
    await openUpload();
    await page.getByRole('button', { name: 'AI Artifacts Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Artifacts Support' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const provider of ['Claude', 'Gemini', 'OpenAI']) {
      expect(await dialog.getByText(provider, { exact: true }).isVisible()).toBe(true);
    }
    expect(await dialog.getByRole('link', { name: 'Manage API keys' }).getAttribute('href')).toBe(
      '/api-keys',
    );
    await dialog.getByRole('button', { name: 'Copy example prompt 1' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('recipe');
    await screenshotScreen(page, 'upload-ai-support-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it("says so in the console when a deployment can't be fetched", async () => {
    await freshVisitor();
    await page.goto(`${server.url}/deployments/no-such-deployment`);
    await shows('Authentication required');

    await signInWith(await register(`stranger-${Date.now()}@example.com`));
    await page.goto(`${server.url}/deployments/no-such-deployment`);
    await shows('Error: Deployment not found');
    await shows('This deployment could not be loaded');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('shows a deployment waiting for a builder as Pending, with no logs yet', async () => {
    // A server without a build worker: the deployment stays queued for as long as we look.
    const webOnly = await startTestServer('sqlite', { ROLES: 'web' });
    try {
      await freshVisitor();
      const res = await webOnly.api('POST', '/api/auth/register', {
        body: { email: 'queued@example.com', password: 'a good long password' },
      });
      const token = res.body.token as string;
      const started = await deployCode(webOnly, token, 'queued-site', htmlArtifact('queued'));
      await page.goto(webOnly.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
      await page.goto(`${webOnly.url}/deployments/${started.body.deployment.id}`);
      await shows('Waiting for deployment to start...');
      expect(await page.getByRole('heading', { name: 'Pending' }).isVisible()).toBe(true);
      await shows('Waiting for build logs...');
      expect(await page.getByRole('progressbar').count()).toBe(0);
      await screenshotScreen(page, 'deployment-pending');
    } finally {
      await webOnly.close();
    }
  });
});
