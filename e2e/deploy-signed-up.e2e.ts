import { describe, expect, it } from 'vitest';
import { screenshotScreen } from '../test/browser';
import { deployCode, fetchSite, htmlArtifact } from '../test/deploy';
import { BROWSER_UA, corpus, deployScreens } from '../test/deploy-screens';
import { makeZip } from '../test/zip';

// One account through sign-up, an .html and a .zip, the dashboard, the site's history,
// redeploy, rollback and delete, in Debian's Chromium against a real server: each step starts
// where the one before left the page.
describe('a signed-up user with an .html and a .zip', () => {
  const ui = deployScreens();
  const {
    freshVisitor,
    shows,
    followDeployToDashboard,
    deployButton,
    pauseClock,
    tickUntilShown,
    openUpload,
    register,
  } = ui;

  const stamp = Date.now();
  const htmlSite = `mortgage-${stamp}`;
  const zipSite = `docs-${stamp}`;
  const mortgage = corpus('15-mortgage-calculator.html');
  let token: string;

  it('signs up, deploys an .html file and returns to the dashboard 3 s after success', async () => {
    await freshVisitor();
    await ui.context.clock.install();
    await ui.page.goto(`${ui.server.url}/auth`);
    await ui.page.getByRole('tab', { name: 'Sign Up' }).click();
    await ui.page.getByLabel('Full name').fill('Dana Designer');
    await ui.page.getByLabel('Email address').fill(`dana-${stamp}@example.com`);
    await ui.page.getByLabel('Password', { exact: true }).fill('a good long password');
    await ui.page.getByRole('button', { name: 'Create Account' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/dashboard');
    await shows('No sites yet');
    await screenshotScreen(ui.page, 'dashboard-empty');
    token = (await ui.page.evaluate(() => localStorage.getItem('auth_token')))!;

    await ui.page.getByRole('link', { name: 'Deploy New Site' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/upload');
    await ui.page.getByRole('tab', { name: 'Upload Files' }).click();
    await ui.page.getByLabel('Choose a file to deploy').setInputFiles([
      { name: 'mortgage.html', mimeType: 'text/html', buffer: Buffer.from(mortgage) },
      { name: 'extra.html', mimeType: 'text/html', buffer: Buffer.from(htmlArtifact('extra')) },
    ]);
    await shows('mortgage.html');
    await shows(`${(Buffer.byteLength(mortgage) / 1024).toFixed(1)} KB`);
    await shows('Only the first file is deployed');
    await ui.page.getByLabel('Subdomain').fill(htmlSite);
    await screenshotScreen(ui.page, 'upload-files');

    await pauseClock();
    await deployButton().click();
    await ui.page.waitForURL(/\/deployments\//);
    await tickUntilShown('Deployed Successfully');
    await shows('Taking you to your dashboard in 3 s');
    await ui.context.clock.runFor(2500);
    expect(new URL(ui.page.url()).pathname).toMatch(/^\/deployments\//);
    await ui.context.clock.runFor(600);
    await ui.page.waitForURL((url) => url.pathname === '/dashboard');
    await ui.context.clock.resume();

    const sites = await ui.server.api('GET', '/api/sites', { token });
    expect(sites.body.sites.map((s: { subdomain: string }) => s.subdomain)).toEqual([htmlSite]);
    const live = await ui.context.newPage();
    await live.goto(`http://${htmlSite}.localhost:${ui.server.port}/`);
    await expect
      .poll(() => live.getByRole('heading', { name: 'Mortgage Payment Calculator' }).isVisible())
      .toBe(true);
    await live.close();
  });

  it('deploys a .zip the same way', async () => {
    await openUpload();
    await ui.page.getByRole('tab', { name: 'Upload Files' }).click();
    await ui.page.getByLabel('Choose a file to deploy').setInputFiles({
      name: 'docs.zip',
      mimeType: 'application/zip',
      buffer: makeZip({
        'index.html': htmlArtifact('Docs home'),
        'guide.html': htmlArtifact('Guide'),
      }),
    });
    await shows('docs.zip');
    await ui.page.getByLabel('Subdomain').fill(zipSite);
    await deployButton().click();
    await followDeployToDashboard();
    // Asked as a tool (curl), so it is not counted as a view.
    const guide = await fetchSite(ui.server.port, zipSite, '/guide', {
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    expect(guide.status).toBe(200);
    expect(guide.text).toContain('Guide');
  });

  it('lists both sites with status, views and the summary cards', async () => {
    const row = (name: string) => ui.page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row(htmlSite).textContent()).toContain('Active');
    expect(await row(zipSite).textContent()).toContain('Active');
    const cards = ui.page.locator('main');
    expect(await cards.textContent()).toMatch(/Plan Usage\s*2\/3/);
    // Two visits by a browser count as views once the batch is written (every 5 s).
    for (let i = 0; i < 2; i++) {
      await fetchSite(ui.server.port, htmlSite, '/', { headers: { 'user-agent': BROWSER_UA } });
    }
    await expect
      .poll(
        async () => {
          await ui.page.reload();
          return (await row(htmlSite).textContent()) ?? '';
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(/Active\s*2/);
    expect(await cards.textContent()).toMatch(/Total Views\s*2/);
    await screenshotScreen(ui.page, 'dashboard');
    await ui.page.getByRole('link', { name: 'See plans' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/settings');
    await ui.page.goBack();
    await ui.page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('shows a new site without a reload when it is deployed elsewhere', async () => {
    await ui.page.goto(`${ui.server.url}/dashboard`);
    await shows(htmlSite);
    const other = `elsewhere-${stamp}`;
    expect((await deployCode(ui.server, token, other, htmlArtifact('Elsewhere'))).status).toBe(201);
    await shows(other);
    const row = ui.page.getByRole('row').filter({ hasText: other });
    await ui.page.getByRole('button', { name: `Delete ${other}` }).click();
    const dialog = ui.page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(
      'Are you sure you want to delete this site? This action cannot be undone.',
    );
    await screenshotScreen(ui.page, 'dashboard-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete site' }).click();
    await shows('Site deleted successfully');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('shows the site detail: stats, history with logs, redeploy and rollback', async () => {
    await ui.page.getByRole('link', { name: htmlSite, exact: true }).click();
    await ui.page.waitForURL(/\/sites\//);
    await shows('Deployment History');
    const main = ui.page.locator('main');
    expect(await main.textContent()).toMatch(/Total Views\s*2/);
    await expect.poll(() => main.textContent()).toMatch(/Deployments\s*1/);
    await ui.page.getByRole('button', { name: 'Show logs for version 1' }).click();
    await shows('Deployment Logs');
    await expect.poll(() => main.textContent()).toMatch(/\[detect\]/);
    await screenshotScreen(ui.page, 'site-detail-logs-open');

    await ui.page.getByRole('button', { name: 'Redeploy' }).click();
    await shows('Redeployment started!');
    await shows('Version 2');
    const v2 = ui.page.getByRole('listitem').filter({ hasText: 'Version 2' });
    await expect.poll(() => v2.textContent(), { timeout: 60_000 }).toContain('Live');
    // Once the new version is live, Redeploy is available again.
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Redeploy' }).isEnabled())
      .toBe(true);

    // A different version 3 through the deploy screen, then roll back to version 1.
    await openUpload();
    await ui.page.getByLabel('Your code').fill(htmlArtifact('Version three'));
    await ui.page.getByLabel('Subdomain').fill(htmlSite);
    await deployButton().click();
    await followDeployToDashboard();
    expect((await fetchSite(ui.server.port, htmlSite)).text).toContain('Version three');
    await ui.page.getByRole('link', { name: htmlSite, exact: true }).click();
    await shows('Version 3');
    await ui.page.getByRole('button', { name: 'Roll back to version 1' }).click();
    await ui.page.getByRole('dialog').getByRole('button', { name: 'Rollback' }).click();
    await shows('Rolled back to version 1');
    expect((await fetchSite(ui.server.port, htmlSite)).text).toContain(
      'Mortgage Payment Calculator',
    );
    const v1 = ui.page.getByRole('listitem').filter({ hasText: 'Version 1' });
    await expect.poll(() => v1.textContent()).toContain('Live');
    await ui.page.evaluate(() => window.scrollTo(0, 0));
    await screenshotScreen(ui.page, 'site-detail');
  });

  it('deletes the site after its confirmation and goes back to the dashboard', async () => {
    await ui.page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = ui.page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(
      'Are you sure you want to delete this site? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Delete site' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/dashboard');
    await shows('Site deleted successfully');
    await shows(zipSite);
    expect(await ui.page.getByRole('link', { name: htmlSite, exact: true }).count()).toBe(0);
    expect((await fetchSite(ui.server.port, htmlSite)).status).toBe(404);
  });

  it("shows 'Site not found' for another user's site and a link back", async () => {
    const strangerToken = await register(`someone-else-${stamp}@example.com`);
    const theirs = await deployCode(ui.server, strangerToken, `theirs-${stamp}`, htmlArtifact('x'));
    expect(theirs.status).toBe(201);
    await ui.page.goto(`${ui.server.url}/sites/${theirs.body.site.id}`);
    await shows('Site not found');
    await screenshotScreen(ui.page, 'site-detail-not-found');
    await ui.page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('reaches the table actions with the keyboard, with names that say which site', async () => {
    await ui.page.getByRole('link', { name: zipSite, exact: true }).focus();
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      await ui.page.keyboard.press('Tab');
      names.push(
        (await ui.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '',
      );
    }
    expect(names).toEqual([`Visit ${zipSite}`, `Redeploy ${zipSite}`, `Delete ${zipSite}`]);
  });
});
