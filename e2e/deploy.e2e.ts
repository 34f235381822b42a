import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { CORPUS_DIR } from '../test/builder-corpus';
import { deployCode, fetchSite, htmlArtifact } from '../test/deploy';
import { startTestServer, type TestServer } from '../test/server';
import { makeZip } from '../test/zip';

const corpus = (file: string) => readFileSync(path.join(CORPUS_DIR, file), 'utf8');
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
/** What the app's socket-down fallback waits between two fetches in the upload flow. */
const UPLOAD_POLL_MS = 15_000;

// Deploying through the real screens, /upload, /deployments/:id, /dashboard and /sites/:id,
// against a real server in Debian's Chromium: guests, validation, plan limits, failures,
// files and the keyboard, then a signed-up user's whole journey with an .html and a .zip.
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
  const freshVisitor = async (origin = server.url) => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Waits end on events; the limit only bounds a first run on a cold, busy machine,
    // where one wait may span a whole build.
    context.setDefaultTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    page = await context.newPage();
  };
  /** Waits in the page itself (a toast that stays 4 s is seen on a slow machine too); a
   * failure quotes what the screen showed instead. */
  const shows = async (text: string | RegExp, timeout = 30_000) => {
    try {
      await page.getByText(text).first().waitFor({ state: 'visible', timeout });
    } catch (err) {
      const screen = await page.locator('body').innerText().catch(String);
      throw new Error(`'${text}' did not show on ${page.url()}; the screen says:\n${screen}`, {
        cause: err,
      });
    }
  };
  /**
   * After Deploy on /upload: the deployment's screen, then the upload flow's trip back to the
   * dashboard, which only a success makes. A failure says what the screen and the API showed.
   */
  const followDeployToDashboard = async () => {
    await page.waitForURL(/\/deployments\//);
    const id = new URL(page.url()).pathname.split('/').pop();
    try {
      await page.waitForURL((url) => url.pathname === '/dashboard');
    } catch (err) {
      const screen = await page.locator('main').innerText().catch(String);
      const token = (await page.evaluate(() => localStorage.getItem('auth_token'))) ?? undefined;
      const api = await server.api('GET', `/api/deployments/${id}`, { token });
      throw new Error(
        `deployment ${id} never led back to the dashboard.\nAPI: ${JSON.stringify(api.body)}\nScreen:\n${screen}`,
        { cause: err },
      );
    }
  };
  /** The header's connection badge: 'Live' while the socket is up, 'Offline' while it is down. */
  const socketShown = (up: boolean) =>
    expect
      .poll(() => page.getByTitle(up ? 'Connected' : 'Disconnected', { exact: true }).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
  const deployButton = () => page.getByRole('button', { name: 'Deploy', exact: true });
  /**
   * Stops the page's clock (installed with the context) once the socket is up. From here the
   * app's timers, like the trip back to the dashboard 3 s after success, wait for the test
   * to let time pass, however slowly this machine answers.
   */
  const pauseClock = async () => {
    await socketShown(true);
    await context!.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  };
  /** With the clock paused: lets page time pass in small steps until `text` shows. */
  const tickUntilShown = (text: string) =>
    expect
      .poll(
        async () => {
          await context!.clock.runFor(50);
          return page.getByText(text).first().isVisible();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  const openUpload = async (query = '') => {
    await page.goto(`${server.url}/upload${query}`);
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Paste what your AI assistant gave you' }).isVisible(),
      )
      .toBe(true);
  };
  const register = async (email: string, on: TestServer = server): Promise<string> => {
    const res = await on.api('POST', '/api/auth/register', {
      body: { email, password: 'a good long password', name: 'Robin Maker' },
    });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  const signInWith = async (token: string, on: TestServer = server) => {
    await page.goto(on.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  };

  it('takes a guest from pasted JSX to a live site that renders it', async () => {
    await freshVisitor();
    await context!.clock.install();
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Continue as guest (24h sites)' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    const pasteTab = page.getByRole('tab', { name: 'Paste Code' });
    expect(await pasteTab.getAttribute('aria-selected')).toBe('true');
    await shows('You are deploying as a guest: your site stays live for 24 hours');

    await page.getByLabel('Your code').fill(corpus('01-expense-tracker.jsx'));
    await shows(/\d+ lines · [\d,]+ characters/);
    await page.getByLabel('Subdomain').fill('Spending-Tracker');
    await shows(/Your site will be at spending-tracker\.localhost:\d+/);
    await screenshotScreen(page, 'upload-paste');

    await pauseClock();
    await deployButton().click();
    await page.waitForURL(/\/deployments\/[^/]+$/);
    await tickUntilShown('Deployed Successfully');
    await shows('Taking you to your dashboard in 3 s');
    await page.getByRole('button', { name: 'Stay here' }).click();
    expect(await page.getByText('Taking you to your dashboard').count()).toBe(0);
    await context!.clock.runFor(5000);
    expect(new URL(page.url()).pathname).toMatch(/^\/deployments\//);
    await context!.clock.resume();

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
    // The note's own links (the top bar has a Sign In of its own).
    const note = page.locator('main');
    expect(
      await note
        .getByRole('link', { name: 'create a free account', exact: true })
        .getAttribute('href'),
    ).toBe('/auth?mode=signup');
    expect(
      await note.getByRole('link', { name: 'sign in', exact: true }).getAttribute('href'),
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

  it('shows each validation message of the deploy form', async () => {
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
    // With code to deploy, Deploy still refuses the reserved name and stays on the form.
    await page.getByLabel('Your code').fill('<h1>hi</h1>');
    await deployButton().click();
    await shows('The subdomain "www" is reserved. Please choose another.');
    expect(page.url()).toMatch(/\/upload$/);

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

  it('works from the keyboard: tabs, the browse button and Deploy', async () => {
    await freshVisitor();
    // Playwright switches on its catching of file choosers without waiting for the page to
    // confirm, so a chooser opened right after could still escape it: switch it on first.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    await openUpload();
    const focused = () =>
      page.evaluate(() => ({
        role: document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName,
        text: document.activeElement?.textContent?.trim(),
      }));

    // Tab from the guest note's last link reaches the tabs; Enter selects one.
    await page.locator('main').getByRole('link', { name: 'sign in', exact: true }).focus();
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
    await page.keyboard.press('Space');
    await expect.poll(() => choosers.length).toBe(1);
    await choosers[0]!.setFiles({
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
    expect(await dialog.getByText('not available', { exact: false }).count()).toBe(0);
    expect(
      await dialog.getByRole('link', { name: 'API Keys', exact: true }).getAttribute('href'),
    ).toBe('/api-keys');
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

  // One account through sign-up, an .html and a .zip, the dashboard, the site's history,
  // redeploy, rollback and delete: each step starts where the one before left the page.
  describe('a signed-up user with an .html and a .zip', () => {
    const stamp = Date.now();
    const htmlSite = `mortgage-${stamp}`;
    const zipSite = `docs-${stamp}`;
    const mortgage = corpus('15-mortgage-calculator.html');
    let token: string;

    it('signs up, deploys an .html file and returns to the dashboard 3 s after success', async () => {
      await freshVisitor();
      await context!.clock.install();
      await page.goto(`${server.url}/auth`);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByLabel('Full name').fill('Dana Designer');
      await page.getByLabel('Email address').fill(`dana-${stamp}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('a good long password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await shows('No sites yet');
      await screenshotScreen(page, 'dashboard-empty');
      token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;

      await page.getByRole('link', { name: 'Deploy New Site' }).click();
      await page.waitForURL((url) => url.pathname === '/upload');
      await page.getByRole('tab', { name: 'Upload Files' }).click();
      await page.getByLabel('Choose a file to deploy').setInputFiles([
        { name: 'mortgage.html', mimeType: 'text/html', buffer: Buffer.from(mortgage) },
        { name: 'extra.html', mimeType: 'text/html', buffer: Buffer.from(htmlArtifact('extra')) },
      ]);
      await shows('mortgage.html');
      await shows(`${(Buffer.byteLength(mortgage) / 1024).toFixed(1)} KB`);
      await shows('Only the first file is deployed');
      await page.getByLabel('Subdomain').fill(htmlSite);
      await screenshotScreen(page, 'upload-files');

      await pauseClock();
      await deployButton().click();
      await page.waitForURL(/\/deployments\//);
      await tickUntilShown('Deployed Successfully');
      await shows('Taking you to your dashboard in 3 s');
      await context!.clock.runFor(2500);
      expect(new URL(page.url()).pathname).toMatch(/^\/deployments\//);
      await context!.clock.runFor(600);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await context!.clock.resume();

      const sites = await server.api('GET', '/api/sites', { token });
      expect(sites.body.sites.map((s: { subdomain: string }) => s.subdomain)).toEqual([htmlSite]);
      const live = await context!.newPage();
      await live.goto(`http://${htmlSite}.localhost:${server.port}/`);
      await expect
        .poll(() => live.getByRole('heading', { name: 'Mortgage Payment Calculator' }).isVisible())
        .toBe(true);
      await live.close();
    });

    it('deploys a .zip the same way', async () => {
      await openUpload();
      await page.getByRole('tab', { name: 'Upload Files' }).click();
      await page.getByLabel('Choose a file to deploy').setInputFiles({
        name: 'docs.zip',
        mimeType: 'application/zip',
        buffer: makeZip({
          'index.html': htmlArtifact('Docs home'),
          'guide.html': htmlArtifact('Guide'),
        }),
      });
      await shows('docs.zip');
      await page.getByLabel('Subdomain').fill(zipSite);
      await deployButton().click();
      await followDeployToDashboard();
      // Asked as a tool (curl), so it is not counted as a view.
      const guide = await fetchSite(server.port, zipSite, '/guide', {
        headers: { 'user-agent': 'curl/8.5.0' },
      });
      expect(guide.status).toBe(200);
      expect(guide.text).toContain('Guide');
    });

    it('lists both sites with status, views and the summary cards', async () => {
      const row = (name: string) => page.getByRole('row').filter({ hasText: name });
      await expect.poll(() => row(htmlSite).textContent()).toContain('Active');
      expect(await row(zipSite).textContent()).toContain('Active');
      const cards = page.locator('main');
      expect(await cards.textContent()).toMatch(/Plan Usage\s*2\/3/);
      // Two visits by a browser count as views once the batch is written (every 5 s).
      for (let i = 0; i < 2; i++) {
        await fetchSite(server.port, htmlSite, '/', { headers: { 'user-agent': BROWSER_UA } });
      }
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await row(htmlSite).textContent()) ?? '';
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toMatch(/Active\s*2/);
      expect(await cards.textContent()).toMatch(/Total Views\s*2/);
      await screenshotScreen(page, 'dashboard');
      await page.getByRole('link', { name: 'See plans' }).click();
      await page.waitForURL((url) => url.pathname === '/settings');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    });

    it('shows a new site without a reload when it is deployed elsewhere', async () => {
      await page.goto(`${server.url}/dashboard`);
      await shows(htmlSite);
      const other = `elsewhere-${stamp}`;
      expect((await deployCode(server, token, other, htmlArtifact('Elsewhere'))).status).toBe(201);
      await shows(other);
      const row = page.getByRole('row').filter({ hasText: other });
      await page.getByRole('button', { name: `Delete ${other}` }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain(
        'Are you sure you want to delete this site? This action cannot be undone.',
      );
      await screenshotScreen(page, 'dashboard-delete-confirm');
      await dialog.getByRole('button', { name: 'Delete site' }).click();
      await shows('Site deleted successfully');
      await expect.poll(() => row.count()).toBe(0);
    });

    it('shows the site detail: stats, history with logs, redeploy and rollback', async () => {
      await page.getByRole('link', { name: htmlSite, exact: true }).click();
      await page.waitForURL(/\/sites\//);
      await shows('Deployment History');
      const main = page.locator('main');
      expect(await main.textContent()).toMatch(/Total Views\s*2/);
      expect(await main.textContent()).toMatch(/Deployments\s*1/);
      await page.getByRole('button', { name: 'Show logs for version 1' }).click();
      await shows('Deployment Logs');
      await expect.poll(() => main.textContent()).toMatch(/\[detect\]/);
      await screenshotScreen(page, 'site-detail-logs-open');

      await page.getByRole('button', { name: 'Redeploy' }).click();
      await shows('Redeployment started!');
      await shows('Version 2');
      const v2 = page.getByRole('listitem').filter({ hasText: 'Version 2' });
      await expect.poll(() => v2.textContent(), { timeout: 60_000 }).toContain('Live');
      // Once the new version is live, Redeploy is available again.
      await expect
        .poll(() => page.getByRole('button', { name: 'Redeploy' }).isEnabled())
        .toBe(true);

      // A different version 3 through the deploy screen, then roll back to version 1.
      await openUpload();
      await page.getByLabel('Your code').fill(htmlArtifact('Version three'));
      await page.getByLabel('Subdomain').fill(htmlSite);
      await deployButton().click();
      await followDeployToDashboard();
      expect((await fetchSite(server.port, htmlSite)).text).toContain('Version three');
      await page.getByRole('link', { name: htmlSite, exact: true }).click();
      await shows('Version 3');
      await page.getByRole('button', { name: 'Roll back to version 1' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rollback' }).click();
      await shows('Rolled back to version 1');
      expect((await fetchSite(server.port, htmlSite)).text).toContain(
        'Mortgage Payment Calculator',
      );
      const v1 = page.getByRole('listitem').filter({ hasText: 'Version 1' });
      await expect.poll(() => v1.textContent()).toContain('Live');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotScreen(page, 'site-detail');
    });

    it('deletes the site after its confirmation and goes back to the dashboard', async () => {
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain(
        'Are you sure you want to delete this site? This action cannot be undone.',
      );
      await dialog.getByRole('button', { name: 'Delete site' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await shows('Site deleted successfully');
      await shows(zipSite);
      expect(await page.getByRole('link', { name: htmlSite, exact: true }).count()).toBe(0);
      expect((await fetchSite(server.port, htmlSite)).status).toBe(404);
    });

    it("shows 'Site not found' for another user's site and a link back", async () => {
      const strangerToken = await register(`someone-else-${stamp}@example.com`);
      const theirs = await deployCode(server, strangerToken, `theirs-${stamp}`, htmlArtifact('x'));
      expect(theirs.status).toBe(201);
      await page.goto(`${server.url}/sites/${theirs.body.site.id}`);
      await shows('Site not found');
      await screenshotScreen(page, 'site-detail-not-found');
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    });

    it('reaches the table actions with the keyboard, with names that say which site', async () => {
      await page.getByRole('link', { name: zipSite, exact: true }).focus();
      const names: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        names.push(
          (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '',
        );
      }
      expect(names).toEqual([`Visit ${zipSite}`, `Redeploy ${zipSite}`, `Delete ${zipSite}`]);
    });
  });

  // A server with no build worker: its deployments stay queued for as long as we look.
  describe('a deployment that waits for a builder', () => {
    let webOnly: TestServer;
    let token: string;
    let siteId: string;
    let deploymentId: string;
    beforeAll(async () => {
      webOnly = await startTestServer('sqlite', { ROLES: 'web' });
      token = await register('queued@example.com', webOnly);
      const started = await deployCode(webOnly, token, 'queued-site', htmlArtifact('queued'));
      expect(started.status).toBe(201);
      siteId = started.body.site.id;
      deploymentId = started.body.deployment.id;
    });
    afterAll(() => webOnly?.close());

    it('shows as Pending, with no logs yet', async () => {
      await freshVisitor(webOnly.url);
      await signInWith(token, webOnly);
      await page.goto(`${webOnly.url}/deployments/${deploymentId}`);
      await shows('Waiting for deployment to start...');
      expect(await page.getByRole('heading', { name: 'Pending' }).isVisible()).toBe(true);
      await shows('Waiting for build logs...');
      expect(await page.getByRole('progressbar').count()).toBe(0);
      await screenshotScreen(page, 'deployment-pending');
    });

    it('keeps Redeploy disabled on the site while a version is queued', async () => {
      await freshVisitor(webOnly.url);
      await signInWith(token, webOnly);
      await page.goto(`${webOnly.url}/sites/${siteId}`);
      await shows('Version 1');
      const history = page.getByRole('listitem').filter({ hasText: 'Version 1' });
      expect(await history.textContent()).toContain('pending');
      expect(await page.getByRole('button', { name: 'Redeploy' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete', exact: true }).isEnabled()).toBe(
        true,
      );
    });

    describe('polls it only while the socket is down', () => {
      /** Opens the deployment as the upload flow does, with the page's clock in the test's hands. */
      const watch = async (socketDown: boolean) => {
        await freshVisitor(webOnly.url);
        await context!.clock.install();
        if (socketDown) {
          // Both of socket.io's transports refused: the app is on its own.
          await context!.route('**/socket.io/**', (route) => route.abort());
          await context!.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
        }
        const fetches: string[] = [];
        page.on('request', (r) => {
          const { pathname } = new URL(r.url());
          if (pathname === `/api/deployments/${deploymentId}` || pathname === '/api/health')
            fetches.push(pathname);
        });
        await signInWith(token, webOnly);
        await page.goto(`${webOnly.url}/upload`);
        // Opened from the deploy screen (router state), so the upload flow's 15 s applies.
        await page.evaluate((path) => {
          window.history.pushState({ usr: { fromUpload: true }, key: 'p', idx: 1 }, '', path);
          window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        }, `/deployments/${deploymentId}`);
        await shows('Pending');
        await socketShown(!socketDown);
        return fetches;
      };
      /** Fetches of the deployment made from now until the page's next request of its own. */
      const fetchesUntilMarker = async (fetches: string[], from: number) => {
        // A request the page makes after every timer that was due has run: any poll those
        // timers started was sent before it.
        await page.evaluate(() => fetch('/api/health'));
        await expect.poll(() => fetches.slice(from).includes('/api/health')).toBe(true);
        const upTo = fetches.indexOf('/api/health', from);
        return fetches.slice(from, upTo).length;
      };

      it('asks the API again once the poll interval has passed while the socket is down', async () => {
        const fetches = await watch(true);
        // What is fetched when the screen opens is not a poll: count from here on.
        await expect.poll(() => fetches.length, { timeout: 30_000 }).toBeGreaterThan(0);
        const from = fetches.length;
        const polled = page.waitForRequest(
          (r) => new URL(r.url()).pathname === `/api/deployments/${deploymentId}`,
        );
        await context!.clock.runFor(UPLOAD_POLL_MS + 1000);
        await polled;
        expect(await fetchesUntilMarker(fetches, from)).toBeGreaterThanOrEqual(1);
        await shows('Pending');
      });

      it('never polls while the socket is up', async () => {
        const fetches = await watch(false);
        // The first fetch and the catch-up after joining the room come with opening the screen.
        await expect.poll(() => fetches.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        const from = fetches.length;
        await context!.clock.runFor(UPLOAD_POLL_MS + 1000);
        expect(await fetchesUntilMarker(fetches, from)).toBe(0);
        await socketShown(true);
      });
    });
  });
});
