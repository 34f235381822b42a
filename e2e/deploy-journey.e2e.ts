import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { CORPUS_DIR } from '../test/builder-corpus';
import { deployCode, fetchSite, htmlArtifact } from '../test/deploy';
import { startTestServer, type TestServer } from '../test/server';
import { makeZip } from '../test/zip';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

// The deploy journey of issue 5 through the real screens: /upload, /deployments/:id,
// /dashboard and /sites/:id, against a real server and Debian's Chromium.
describe('the deploy journey in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const fresh = async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    return page;
  };
  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 30_000 }).toBe(true);
  const signInWith = async (token: string) => {
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  };
  const register = async (email: string) => {
    const res = await server.api('POST', '/api/auth/register', {
      body: { email, password: 'a good long password', name: 'Dana Designer' },
    });
    return res.body.token as string;
  };
  const code = page_code();

  it('takes a guest from pasted JSX to a live site that renders', async () => {
    await fresh();
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Continue as guest (24h sites)' }).click();
    await page.waitForURL('**/upload');
    expect(await page.getByRole('tab', { name: 'Paste Code' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await visible('You are deploying as a guest');
    await page.getByLabel('Your code').fill(code);
    await page.getByLabel('Subdomain').fill('Spending-Guest');
    await visible('Your site will be at spending-guest.');
    await screenshotScreen(page, 'upload-paste');
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    await page.waitForURL(/\/deployments\/[\w-]+$/);
    await visible('Deployed Successfully');
    // The upload flow heads back to the dashboard after 3 s; stay to look at the result.
    await page.getByRole('button', { name: 'Stay here' }).click();
    const log = page.getByRole('log');
    await expect.poll(async () => (await log.textContent()) ?? '').toMatch(/\[detect\]/);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await visible('Deployed at');
    await screenshotScreen(page, 'deployment-success');

    const [live] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /View Site/ }).click(),
    ]);
    expect(live.url()).toContain('spending-guest.localhost');
    await expect
      .poll(() => live.getByText('Monthly Spending Overview').isVisible(), { timeout: 30_000 })
      .toBe(true);
  });

  it('lets a visitor with no session deploy straight from /upload', async () => {
    await fresh();
    await page.goto(`${server.url}/upload`);
    await page.getByLabel('Your code').fill(htmlArtifact('Walk-in visitor'));
    await page.getByLabel('Subdomain').fill('walk-in');
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    await page.waitForURL(/\/deployments\//);
    await visible('Deployed Successfully');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });

  it('shows each validation message of the deploy screen', async () => {
    await fresh();
    await page.goto(`${server.url}/upload`);
    const deploy = page.getByRole('button', { name: 'Deploy', exact: true });
    expect(await deploy.isDisabled()).toBe(true); // nothing typed in the subdomain yet
    await page.getByLabel('Subdomain').fill('   ');
    await page.getByLabel('Your code').fill('   ');
    await deploy.click();
    await visible('Please enter a subdomain');
    await visible('Please enter some code to deploy');
    await screenshotScreen(page, 'upload-validation');

    await page.getByRole('tab', { name: 'Upload Files' }).click();
    await page.getByLabel('Subdomain').fill('files-site');
    await visible('Please select a file to deploy');
    expect(await deploy.isDisabled()).toBe(true);
    await page.getByLabel('Choose a file to deploy').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await visible('Only .html and .zip files can be deployed.');
    expect(await deploy.isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Paste Code' }).click();
    await page.getByLabel('Subdomain').fill('www');
    await page.getByLabel('Your code').fill('<h1>hi</h1>');
    await deploy.click();
    await visible('The subdomain "www" is reserved. Please choose another.');
  });

  it('is usable from the keyboard: tabs, browse and deploy', async () => {
    await fresh();
    await page.goto(`${server.url}/upload`);
    await page.getByRole('tab', { name: 'Upload Files' }).focus();
    await page.keyboard.press('Enter');
    expect(
      await page.getByRole('tab', { name: 'Upload Files' }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(focused).toBe('Browse files');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Space'),
    ]);
    await chooser.setFiles({
      name: 'keyboard.html',
      mimeType: 'text/html',
      buffer: Buffer.from(htmlArtifact('Keyboard')),
    });
    await visible('keyboard.html');
    await page.getByLabel('Subdomain').focus();
    await page.keyboard.type('keyboard-site');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/deployments\//);
    await visible('Deployed Successfully');
  });

  it('opens the AI Artifacts Support dialog and closes it with Escape', async () => {
    await fresh();
    await page.goto(`${server.url}/upload`);
    await page.getByRole('button', { name: 'AI Artifacts Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Artifacts Support' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Manage API keys' }).getAttribute('href')).toBe(
      '/api-keys',
    );
    expect(await dialog.getByText('Claude', { exact: true }).isVisible()).toBe(true);
    await screenshotScreen(page, 'upload-ai-support-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('shows the failure with its Error Details and a way to try again', async () => {
    await fresh();
    await page.goto(`${server.url}/upload`);
    await page
      .getByLabel('Your code')
      .fill('export default function App() {\n  return <div>;\n}\n');
    await page.getByLabel('Subdomain').fill('broken-build');
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    await page.waitForURL(/\/deployments\//);
    await visible('Deployment Failed');
    await visible('Error Details');
    await screenshotScreen(page, 'deployment-failed');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL('**/upload?subdomain=broken-build');
    expect(await page.getByLabel('Subdomain').inputValue()).toBe('broken-build');
  });

  it("stops a FREE user's fourth site with the Plan Limit Reached dialog", async () => {
    await fresh();
    const token = await register(`limit-${Date.now()}@example.com`);
    for (const n of [1, 2, 3]) {
      expect(
        (await deployCode(server, token, `limit-${n}-${Date.now()}`, htmlArtifact(`${n}`))).status,
      ).toBe(201);
    }
    await signInWith(token);
    await page.goto(`${server.url}/upload`);
    await page.getByLabel('Your code').fill(htmlArtifact('fourth'));
    await page.getByLabel('Subdomain').fill('the-fourth');
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan Limit Reached' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      "You've reached the limit of 3 sites on the FREE plan.",
    );
    expect(await dialog.textContent()).toContain('3/3');
    expect(await dialog.getByRole('button', { name: 'Upgrade to Pro' }).isVisible()).toBe(true);
    await screenshotScreen(page, 'upload-plan-limit-dialog');
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  describe('a signed-up user with an .html and a .zip', () => {
    const stamp = Date.now();
    const htmlSite = `portfolio-${stamp}`;
    const zipSite = `docs-${stamp}`;

    it('signs up, deploys an .html file and returns to the dashboard 3 s after success', async () => {
      await fresh();
      await page.goto(`${server.url}/auth`);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByLabel('Full name').fill('Dana Designer');
      await page.getByLabel('Email address').fill(`dana-${stamp}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('a good long password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/dashboard');
      await visible('No sites yet');
      await screenshotScreen(page, 'dashboard-empty');

      await page.getByRole('link', { name: 'Deploy New Site' }).click();
      await page.waitForURL('**/upload');
      await page.getByRole('tab', { name: 'Upload Files' }).click();
      await page.getByLabel('Choose a file to deploy').setInputFiles({
        name: 'portfolio.html',
        mimeType: 'text/html',
        buffer: Buffer.from(htmlArtifact('Version one')),
      });
      await visible('portfolio.html');
      await page.getByLabel('Subdomain').fill(htmlSite);
      await screenshotScreen(page, 'upload-files');
      await page.getByRole('button', { name: 'Deploy', exact: true }).click();
      await page.waitForURL(/\/deployments\//);
      await visible('Taking you to your dashboard in 3 s.');
      await page.waitForURL('**/dashboard');
    });

    it('deploys a .zip the same way', async () => {
      await page.goto(`${server.url}/upload`);
      await page.getByRole('tab', { name: 'Upload Files' }).click();
      await page.getByLabel('Choose a file to deploy').setInputFiles({
        name: 'docs.zip',
        mimeType: 'application/zip',
        buffer: makeZip({
          'index.html': htmlArtifact('Docs home'),
          'guide.html': htmlArtifact('Guide'),
        }),
      });
      await page.getByLabel('Subdomain').fill(zipSite);
      await page.getByRole('button', { name: 'Deploy', exact: true }).click();
      await page.waitForURL('**/dashboard', { timeout: 30_000 });
      // Asked as a tool (curl), so it is not counted as a view.
      const guide = await fetchSite(server.port, zipSite, '/guide', {
        headers: { 'user-agent': 'curl/8.5.0' },
      });
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
          { timeout: 20_000, interval: 1000 },
        )
        .toMatch(/Active\s*2/);
      expect(await cards.textContent()).toMatch(/Total Views\s*2/);
      await screenshotScreen(page, 'dashboard');
      await page.getByRole('link', { name: 'Upgrade' }).click();
      await page.waitForURL('**/settings');
      await page.goBack();
    });

    it('shows a new site without a reload when it is deployed elsewhere', async () => {
      const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
      await page.goto(`${server.url}/dashboard`);
      await visible(htmlSite);
      const other = `elsewhere-${stamp}`;
      expect((await deployCode(server, token, other, htmlArtifact('Elsewhere'))).status).toBe(201);
      await visible(other);
      const row = page.getByRole('row').filter({ hasText: other });
      await page.getByRole('button', { name: `Delete ${other}` }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain(
        'Are you sure you want to delete this site? This action cannot be undone.',
      );
      await screenshotScreen(page, 'dashboard-delete-confirm');
      await dialog.getByRole('button', { name: 'Delete site' }).click();
      await visible('Site deleted successfully');
      await expect.poll(() => row.count()).toBe(0);
    });

    it('shows the site detail: stats, history with logs, redeploy and rollback', async () => {
      await page.getByRole('link', { name: htmlSite, exact: true }).click();
      await page.waitForURL(/\/sites\//);
      await visible('Deployment History');
      const main = page.locator('main');
      expect(await main.textContent()).toMatch(/Total Views\s*2/);
      expect(await main.textContent()).toMatch(/Deployments\s*1/);
      await page.getByRole('button', { name: 'Show logs for version 1' }).click();
      await visible('Deployment Logs');
      await expect.poll(() => main.textContent()).toMatch(/\[detect\]/);
      await screenshotScreen(page, 'site-detail-logs-open');

      await page.getByRole('button', { name: 'Redeploy' }).click();
      await visible('Redeployment started!');
      await visible('Version 2');
      const v2 = page.getByRole('listitem').filter({ hasText: 'Version 2' });
      await expect.poll(() => v2.textContent(), { timeout: 30_000 }).toContain('Live');
      // Once the new version is live, Redeploy is available again.
      await expect
        .poll(() => page.getByRole('button', { name: 'Redeploy' }).isEnabled())
        .toBe(true);

      // A different version 3 through the deploy screen, then roll back to version 1.
      await page.goto(`${server.url}/upload`);
      await page.getByLabel('Your code').fill(htmlArtifact('Version three'));
      await page.getByLabel('Subdomain').fill(htmlSite);
      await page.getByRole('button', { name: 'Deploy', exact: true }).click();
      await page.waitForURL('**/dashboard', { timeout: 30_000 });
      expect((await fetchSite(server.port, htmlSite)).text).toContain('Version three');
      await page.getByRole('link', { name: htmlSite, exact: true }).click();
      await visible('Version 3');
      await page.getByRole('button', { name: 'Roll back to version 1' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rollback' }).click();
      await visible('Rolled back to version 1');
      expect((await fetchSite(server.port, htmlSite)).text).toContain('Version one');
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
      await page.waitForURL('**/dashboard');
      await visible('Site deleted successfully');
      await visible(zipSite);
      expect(await page.getByRole('link', { name: htmlSite, exact: true }).count()).toBe(0);
      expect((await fetchSite(server.port, htmlSite)).status).toBe(404);
    });

    it("shows 'Site not found' for another user's site and a link back", async () => {
      const strangerToken = await register(`stranger-${stamp}@example.com`);
      const theirs = await deployCode(server, strangerToken, `theirs-${stamp}`, htmlArtifact('x'));
      await page.goto(`${server.url}/sites/${theirs.body.site.id}`);
      await visible('Site not found');
      await screenshotScreen(page, 'site-detail-not-found');
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL('**/dashboard');
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

  it('keeps Redeploy disabled while a version is queued or building', async () => {
    // A server with no build worker: the deployment stays queued as long as we look.
    const webOnly = await startTestServer('sqlite', { ROLES: 'web' });
    try {
      await fresh();
      const res = await webOnly.api('POST', '/api/auth/register', {
        body: { email: 'queued@example.com', password: 'a good long password' },
      });
      const token = res.body.token as string;
      const started = await deployCode(webOnly, token, 'queued-site', htmlArtifact('queued'));
      await page.goto(webOnly.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
      await page.goto(`${webOnly.url}/sites/${started.body.site.id}`);
      await visible('Version 1');
      const history = page.getByRole('listitem').filter({ hasText: 'Version 1' });
      expect(await history.textContent()).toContain('pending');
      expect(await page.getByRole('button', { name: 'Redeploy' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete', exact: true }).isEnabled()).toBe(
        true,
      );
    } finally {
      await webOnly.close();
    }
  });

  it('polls a deployment only while the socket is down', async () => {
    // No build worker, so the deployment stays queued and the page keeps watching it.
    const webOnly = await startTestServer('sqlite', { ROLES: 'web' });
    try {
      const res = await webOnly.api('POST', '/api/auth/register', {
        body: { email: 'poller@example.com', password: 'a good long password' },
      });
      const token = res.body.token as string;
      const started = await deployCode(webOnly, token, 'polled-site', htmlArtifact('polled'));
      const id = started.body.deployment.id as string;
      const watch = async (socketDown: boolean) => {
        await fresh();
        if (socketDown) {
          // Both of socket.io's transports refused: the app is on its own.
          await context.route('**/socket.io/**', (route) => route.abort());
          await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
        }
        const fetchedAt: number[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname === `/api/deployments/${id}`) fetchedAt.push(Date.now());
        });
        await page.goto(webOnly.url);
        await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
        await page.goto(`${webOnly.url}/upload`);
        // Opened from the deploy screen (router state), so the upload flow's 15 s applies.
        await page.evaluate((path) => {
          window.history.pushState({ usr: { fromUpload: true }, key: 'p', idx: 1 }, '', path);
          window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        }, `/deployments/${id}`);
        await visible('Pending');
        await visible(socketDown ? 'Offline' : 'Live');
        // Fetches right at load (the first one, the catch-up after joining the room) are not
        // polls: count only what comes later, over one 15 s interval and a little more.
        const settled = Date.now() + 2000;
        await page.waitForTimeout(17_000);
        return fetchedAt.filter((t) => t > settled).length;
      };
      expect(await watch(true)).toBeGreaterThanOrEqual(1);
      expect(await watch(false)).toBe(0);
    } finally {
      await webOnly.close();
    }
  });
});

function page_code(): string {
  return readFileSync(path.join(CORPUS_DIR, '01-expense-tracker.jsx'), 'utf8');
}
