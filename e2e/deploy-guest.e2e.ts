import { describe, expect, it } from 'vitest';
import { screenshotScreen } from '../test/browser';
import { htmlArtifact } from '../test/deploy';
import { corpus, deployScreens } from '../test/deploy-screens';

// A visitor with no account deploys through the real screens, /auth, /upload and
// /deployments/:id, against a real server in Debian's Chromium: as a guest chosen on /auth, and
// straight from /upload, where Deploy makes the guest session.
describe('deploying as a guest', () => {
  const ui = deployScreens();
  const { freshVisitor, shows, deployButton, pauseClock, tickUntilShown, openUpload } = ui;

  it('takes a guest from pasted JSX to a live site that renders it', async () => {
    await freshVisitor();
    await ui.context.clock.install();
    await ui.page.goto(`${ui.server.url}/auth`);
    await ui.page.getByRole('button', { name: 'Continue as guest (24h sites)' }).click();
    await ui.page.waitForURL((url) => url.pathname === '/upload');
    const pasteTab = ui.page.getByRole('tab', { name: 'Paste Code' });
    expect(await pasteTab.getAttribute('aria-selected')).toBe('true');
    await shows('You are deploying as a guest: your site stays live for 24 hours');

    await ui.page.getByLabel('Your code').fill(corpus('01-expense-tracker.jsx'));
    await shows(/\d+ lines · [\d,]+ characters/);
    await ui.page.getByLabel('Subdomain').fill('Spending-Tracker');
    await shows(/Your site will be at spending-tracker\.localhost:\d+/);
    await screenshotScreen(ui.page, 'upload-paste');

    await pauseClock();
    await deployButton().click();
    await ui.page.waitForURL(/\/deployments\/[^/]+$/);
    await tickUntilShown('Deployed Successfully');
    await shows('Taking you to your dashboard in 3 s');
    await ui.page.getByRole('button', { name: 'Stay here' }).click();
    expect(await ui.page.getByText('Taking you to your dashboard').count()).toBe(0);
    await ui.context.clock.runFor(5000);
    expect(new URL(ui.page.url()).pathname).toMatch(/^\/deployments\//);
    await ui.context.clock.resume();

    const log = ui.page.getByRole('log', { name: 'Build log' });
    await expect.poll(async () => (await log.textContent()) ?? '').toMatch(/\[detect\]/);
    expect(await log.getByRole('listitem').count()).toBeGreaterThan(2);
    expect(await ui.page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await shows('Deployment completed successfully!');
    await shows(/Deployed at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await screenshotScreen(ui.page, 'deployment-success');

    const viewSite = ui.page.getByRole('link', { name: 'View Site' });
    expect(await viewSite.getAttribute('target')).toBe('_blank');
    expect(await viewSite.getAttribute('rel')).toContain('noopener');
    const [live] = await Promise.all([ui.context.waitForEvent('page'), viewSite.click()]);
    await live.waitForLoadState();
    expect(new URL(live.url()).hostname).toBe('spending-tracker.localhost');
    await expect
      .poll(() => live.getByText('Monthly Spending Overview').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await live.close();

    // The 'Copy' button puts the address on the clipboard.
    await ui.page.getByRole('button', { name: 'Copy site address' }).click();
    expect(await ui.page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^http:\/\/spending-tracker\.localhost:\d+\/?$/,
    );
  });

  it('lets a signed-out visitor deploy from /upload: a guest session is made on Deploy', async () => {
    await freshVisitor();
    await openUpload();
    expect(await ui.page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await shows('your site stays live for 24 hours');
    // The note's own links (the top bar has a Sign In of its own).
    const note = ui.page.locator('main');
    expect(
      await note
        .getByRole('link', { name: 'create a free account', exact: true })
        .getAttribute('href'),
    ).toBe('/auth?mode=signup');
    expect(
      await note.getByRole('link', { name: 'sign in', exact: true }).getAttribute('href'),
    ).toBe('/auth');

    await ui.page.getByLabel('Your code').fill(htmlArtifact('Walk-in visitor'));
    await ui.page.getByLabel('Subdomain').fill('walk-in');
    await deployButton().click();
    await ui.page.waitForURL(/\/deployments\//);
    await shows('Deployed Successfully');
    expect(await ui.page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    const me = await ui.server.api('GET', '/api/auth/me', {
      token: (await ui.page.evaluate(() => localStorage.getItem('auth_token')))!,
    });
    expect(me.body.user.isGuest).toBe(true);
  });
});
