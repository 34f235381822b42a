import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, DAY_MS, insertDay, insertDeployment } from '../test/analytics-data';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, waitForDeployment } from '../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../test/server';

// Real visits from a real browser reach a site's charts and the analytics screen.
describe('analytics in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let siteId: string;
  let quietId: string;
  const subdomain = `charts-${Date.now()}`;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
    token = (await registerUser(server, { name: 'Ada' })).token;
    const live = async (name: string) => {
      const res = await deployCode(server, token, name, htmlArtifact(name));
      expect(res.status).toBe(201);
      const done = await waitForDeployment(server, token, res.body.deployment.id);
      expect(done.status).toBe('SUCCESS');
      return res.body.site.id as string;
    };
    siteId = await live(subdomain);
    quietId = await live(`quiet-${Date.now()}`);
    // Older history the day selector has to leave out at 7 days (within FREE's 30 kept days).
    await insertDay(server.ctx.db, siteId, dayAgo(20), {
      views: 7,
      visitors: 3,
      pages: { '/archive': 7 },
      referrers: { 'old.example': 7 },
    });
    await server.ctx.db.updateTable('sites').set({ views: 7 }).where('id', '=', siteId).execute();
    await insertDeployment(server.ctx.db, siteId, {
      version: 99,
      status: 'FAILED',
      agoMs: 20 * DAY_MS,
      tookMs: 3000,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signedIn = async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    return page;
  };
  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);

  it('sends a visitor with no session from /analytics to /auth', async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${server.url}/analytics`);
    await page.waitForURL((url) => url.pathname === '/auth');
  });

  it("shows a site's visits by day, page and referrer, and the window chosen", async () => {
    // Two visitors: the same address, two browsers. Headless Chromium names itself and
    // would count as a robot, so each says it is an ordinary browser.
    const site = `http://${subdomain}.localhost:${server.port}`;
    for (const [agent, visits] of [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
        [
          ['/', 'https://news.ycombinator.com/item?id=42'],
          ['/pricing?plan=pro', 'https://news.ycombinator.com/'],
          ['/pricing', undefined],
        ],
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0; rv:131.0) Gecko/20100101 Firefox/131.0',
        [
          ['/', 'https://www.google.com/search?q=charts'],
          ['/about#team', undefined],
        ],
      ],
    ] as const) {
      const visitor = await browser.newContext({ userAgent: agent });
      const tab = await visitor.newPage();
      for (const [path, referer] of visits) {
        await tab.goto(`${site}${path}`, referer ? { referer } : {});
        expect(await tab.textContent('body')).toContain(subdomain);
      }
      await visitor.close();
    }

    await signedIn();
    await page.goto(`${server.url}/sites/${siteId}`);
    const card = page.getByTestId('site-analytics');
    // Views reach the database in batches every few seconds: look again until they are there.
    await expect
      .poll(
        async () => {
          await page.reload();
          await card
            .getByText('Top pages')
            .waitFor({ timeout: 10_000 })
            .catch(() => undefined);
          return page
            .getByTestId('site-views-total')
            .textContent({ timeout: 1000 })
            .catch(() => null);
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toBe('12');
    expect(await page.getByTestId('site-visitors-total').textContent()).toBe('5');
    const pages = card.getByRole('list', { name: 'Top pages by views' });
    expect(await pages.textContent()).toMatch(/\/archive7.*\/2.*\/pricing2.*\/about1/);
    const referrers = card.getByRole('list', { name: 'Top referrers by views' });
    const refText = (await referrers.textContent()) ?? '';
    expect(refText).toContain('news.ycombinator.com2');
    expect(refText).toContain('www.google.com1');
    expect(refText).toContain('Direct / none2');
    expect(refText).not.toContain('q=charts');
    // The chart's numbers, for those who cannot see it.
    expect(await card.locator('figure table caption').textContent()).toContain('last 30 days');
    await expect
      .poll(() => card.locator('[data-testid="daily-chart"] svg path').count())
      .toBeGreaterThan(0);
    await screenshotScreen(page, 'site-analytics');

    await card.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => page.getByTestId('site-views-total').textContent()).toBe('5');
    expect(await page.getByTestId('site-visitors-total').textContent()).toBe('2');
    expect(await pages.textContent()).not.toContain('/archive');
    expect(await card.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says what will appear on a site without visits', async () => {
    await signedIn();
    await page.goto(`${server.url}/sites/${quietId}`);
    await visible('No visits in the last 30 days');
    await visible(/its page views and unique visitors per day/);
    await screenshotScreen(page, 'site-analytics-empty');
  });

  it('shows the analytics screen for 30 days, then for 7', async () => {
    await signedIn();
    await page.goto(`${server.url}/dashboard`);
    // The dashboard's sparkline of the site, with its numbers in words.
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: new RegExp(`^${subdomain}: 5 views in the last 14 days`) })
          .count(),
      )
      .toBe(1);
    await screenshotScreen(page, 'dashboard-sparklines');
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/analytics');
    await visible('Deployment status');
    // The innermost card around a summary heading.
    const card = (label: string) =>
      page
        .locator('div.rounded-xl')
        .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
        .last();
    await expect.poll(() => card('Total Sites').textContent()).toContain('2');
    expect(await card('Total Views').textContent()).toContain('12 in the last 30 days');
    expect(await card('Deployments').textContent()).toContain('3 in the last 30 days');
    // Two successful deployments and one failed: the pie has a green and a red slice only.
    const pie = page.getByTestId('status-pie');
    expect(await pie.getAttribute('aria-label')).toBe(
      'Deployments by status. Successful: 2, Failed: 1.',
    );
    await expect.poll(() => pie.locator('path[fill="#16a34a"]').count()).toBe(1);
    expect(await pie.locator('path[fill="#dc2626"]').count()).toBe(1);
    expect(await page.locator('[data-metric="Success rate"]').textContent()).toBe('67%');
    expect(await page.locator('[data-metric="Average deploy time"]').textContent()).toMatch(
      /^\d+(\.\d)?s$/,
    );
    const recent = page.getByTestId('recent-deployments');
    expect(await recent.getByRole('listitem').count()).toBe(3);
    expect(await recent.textContent()).toContain(subdomain);
    // Views over time, all sites together: today's visits and the older day, in the window
    const views = page.getByTestId('views-over-time-total');
    await expect.poll(() => views.textContent()).toBe('12');
    const chart = page.getByRole('figure').filter({ has: page.getByTestId('daily-chart') });
    await expect.poll(() => chart.locator('.recharts-area').count()).toBe(1);
    const caption = 'Page views of all your sites per day, last 30 days';
    const table = page.getByRole('table', { name: caption });
    expect(await table.getByRole('row').count()).toBe(31);
    await screenshotScreen(page, 'analytics');

    await page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => card('Deployments').textContent()).toContain('2 in the last 7 days');
    expect(await pie.getAttribute('aria-label')).toBe('Deployments by status. Successful: 2.');
    expect(await page.locator('[data-metric="Success rate"]').textContent()).toBe('100%');
    expect(await recent.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => views.textContent()).toBe('5');

    await page.getByRole('button', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('hides the screen, the icon and the charts when analytics is switched off', async () => {
    const off = await startTestServer('sqlite', { ENABLE_ANALYTICS: 'false' });
    try {
      const owner = (await registerUser(off)).token;
      const res = await deployCode(off, owner, `off-${Date.now()}`, htmlArtifact('off'));
      expect((await waitForDeployment(off, owner, res.body.deployment.id)).status).toBe('SUCCESS');
      await context?.close();
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      await page.goto(off.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), owner);
      await page.goto(`${off.url}/sites/${res.body.site.id}`);
      await visible('Deployment History');
      expect(await page.getByTestId('site-analytics').count()).toBe(0);
      await page.goto(`${off.url}/dashboard`);
      await visible('Your sites');
      await expect.poll(() => page.getByRole('link', { name: 'Settings' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Analytics' }).count()).toBe(0);
      expect(await page.getByText(/views in the last 14 days/).count()).toBe(0);
      await page.goto(`${off.url}/analytics`);
      await visible('Page not found');
    } finally {
      await off.close();
    }
  });
});
