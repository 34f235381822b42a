import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  dayAgo,
  DAY_MS,
  insertDay,
  insertDeployment,
  insertSite,
} from '../../../../../test/analytics-data';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  registerUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { waitUntil } from '../../../../../test/wait';
import type { SiteAnalytics } from '../../../../shared/analytics';

const HOUR = 3_600_000;

describeEachDatabase('analytics API', (dialect) => {
  let server: TestServer;
  let ann: string;
  let bob: string;
  let alpha: string;
  let quiet: string;
  beforeAll(async () => {
    // A web node alone: no build worker, so the deployments written below as PENDING stay
    // PENDING instead of being picked up (and failed for want of a source) mid-test.
    server = await startTestServer(dialect, { ROLES: 'web' });
    // PRO keeps every day, so the retention job of a starting server leaves the old rows be.
    const owner = await registerUserOnPlan(server, 'PRO');
    ann = owner.token;
    bob = (await registerUser(server)).token;
    const db = server.ctx.db;
    alpha = await insertSite(db, owner.user.id, { name: 'alpha', views: 130 });
    quiet = await insertSite(db, owner.user.id, { name: 'quiet', status: 'ERROR' });
    await insertSite(db, owner.user.id, { name: 'gamma' });
    const deployments: [string, number, number | null][] = [
      ['SUCCESS', 1, 4000],
      ['SUCCESS', 2, 6000],
      ['FAILED', 3, 2000],
      ['PENDING', 5, null],
      ['SUCCESS', 10, 65_000],
      ['SUCCESS', 40, 10_000],
      ['FAILED', 100, 1000],
    ];
    let version = 0;
    for (const [status, days, tookMs] of deployments) {
      await insertDeployment(db, alpha, {
        version: ++version,
        status: status as 'SUCCESS',
        agoMs: days * DAY_MS - HOUR,
        tookMs,
      });
    }
    await insertDay(db, alpha, dayAgo(0), {
      views: 10,
      visitors: 4,
      pages: { '/': 6, '/about': 4 },
      referrers: { '(direct)': 7, 'news.ycombinator.com': 3 },
    });
    await insertDay(db, alpha, dayAgo(5), {
      views: 20,
      visitors: 7,
      pages: { '/': 15, '/docs': 5 },
      referrers: { 'news.ycombinator.com': 20 },
    });
    await insertDay(db, alpha, dayAgo(45), { views: 90, visitors: 30, pages: { '/old': 90 } });
    await insertDay(db, alpha, dayAgo(95), { views: 10, visitors: 3, pages: { '/older': 10 } });
  });
  afterAll(() => server.close());

  it('answers the overview of the summary cards', async () => {
    const res = await server.api('GET', '/api/analytics/overview', { token: ann });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalSites: 3,
      activeSites: 2,
      totalViews: 130,
      totalDeployments: 7,
      recentDeployments: 5,
      recentViews: 30,
      days: 30,
    });
    const ninety = await server.api('GET', '/api/analytics/overview?days=90', { token: ann });
    expect(ninety.body).toMatchObject({ recentDeployments: 6, recentViews: 120, days: 90 });
    const fresh = await server.api('GET', '/api/analytics/overview', { token: bob });
    expect(fresh.body).toMatchObject({ totalSites: 0, totalViews: 0, totalDeployments: 0 });
  });

  it('answers deployment stats and the timeline of 7, 30 and 90 days', async () => {
    const week = await server.api('GET', '/api/analytics/deployments?days=7', { token: ann });
    expect(week.status).toBe(200);
    expect(week.body.stats).toEqual({
      total: 4,
      successful: 2,
      failed: 1,
      pending: 1,
      building: 0,
      avgDeploymentTimeSeconds: 5,
    });
    expect(
      week.body.timeline.map((t: { deploymentTimeMs: number | null }) => t.deploymentTimeMs),
    ).toEqual([4000, 6000, 2000, null]);
    expect(week.body.timeline[0]).toMatchObject({
      status: 'SUCCESS',
      site: { name: 'alpha', subdomain: expect.stringMatching(/^alpha-/) },
    });
    const month = await server.api('GET', '/api/analytics/deployments', { token: ann });
    expect(month.body.days).toBe(30);
    expect(month.body.stats).toMatchObject({
      total: 5,
      successful: 3,
      avgDeploymentTimeSeconds: 25,
    });
    const quarter = await server.api('GET', '/api/analytics/deployments?days=90', { token: ann });
    // (4 + 6 + 65 + 10) / 4 = 21.25 s, in tenths.
    expect(quarter.body.stats).toMatchObject({ total: 6, successful: 4, failed: 1 });
    expect(quarter.body.stats.avgDeploymentTimeSeconds).toBeCloseTo(21.3, 5);
    expect(quarter.body.timeline).toHaveLength(6);
    const none = await server.api('GET', '/api/analytics/deployments?days=90', { token: bob });
    expect(none.body).toEqual({
      days: 90,
      stats: {
        total: 0,
        successful: 0,
        failed: 0,
        pending: 0,
        building: 0,
        avgDeploymentTimeSeconds: 0,
      },
      timeline: [],
    });
  });

  it("charts one site's views, visitors, pages and referrers per window", async () => {
    const week = await server.api<SiteAnalytics>('GET', `/api/sites/${alpha}/analytics?days=7`, {
      token: ann,
    });
    expect(week.status).toBe(200);
    expect(week.body.daily).toHaveLength(7);
    expect(week.body.daily.at(-1)).toEqual({ day: dayAgo(0), views: 10, visitors: 4 });
    expect(week.body.daily[1]).toEqual({ day: dayAgo(5), views: 20, visitors: 7 });
    expect(week.body.totals).toEqual({ views: 30, visitors: 11 });
    expect(week.body.topPages).toEqual([
      { path: '/', views: 21 },
      { path: '/docs', views: 5 },
      { path: '/about', views: 4 },
    ]);
    expect(week.body.topReferrers).toEqual([
      { referrer: 'news.ycombinator.com', views: 23 },
      { referrer: '(direct)', views: 7 },
    ]);
    const quarter = await server.api<SiteAnalytics>(
      'GET',
      `/api/sites/${alpha}/analytics?days=90`,
      {
        token: ann,
      },
    );
    expect(quarter.body.daily).toHaveLength(90);
    expect(quarter.body.daily[0]!.day).toBe(dayAgo(89));
    expect(quarter.body.totals).toEqual({ views: 120, visitors: 41 });
    expect(quarter.body.topPages[0]).toEqual({ path: '/old', views: 90 });
  });

  it('answers a site with no visits with a zero for every day', async () => {
    const res = await server.api<SiteAnalytics>('GET', `/api/sites/${quiet}/analytics?days=90`, {
      token: ann,
    });
    expect(res.status).toBe(200);
    expect(res.body.daily).toHaveLength(90);
    expect(res.body.daily.every((d) => d.views === 0 && d.visitors === 0)).toBe(true);
    expect(res.body).toMatchObject({
      totals: { views: 0, visitors: 0 },
      topPages: [],
      topReferrers: [],
    });
  });

  it("gives the dashboard's sparklines of every site in one answer", async () => {
    const res = await server.api('GET', '/api/analytics/sparklines', { token: ann });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(14);
    expect(Object.keys(res.body.sites)).toHaveLength(3);
    expect(res.body.sites[alpha]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 10]);
    expect(res.body.sites[quiet]).toEqual(new Array(14).fill(0));
  });

  it('refuses other windows, other owners and nobody', async () => {
    for (const days of ['14', 'abc', '0', '']) {
      for (const path of [
        `/api/analytics/deployments?days=${days}`,
        `/api/analytics/overview?days=${days}`,
        `/api/sites/${alpha}/analytics?days=${days}`,
      ]) {
        const res = await server.api('GET', path, { token: ann });
        expect(res.status, path).toBe(400);
      }
    }
    const theirs = await server.api('GET', `/api/sites/${alpha}/analytics`, { token: bob });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe('Site not found');
    for (const path of [
      '/api/analytics/overview',
      '/api/analytics/deployments?days=7',
      '/api/analytics/sparklines',
      `/api/sites/${alpha}/analytics`,
    ]) {
      expect((await server.api('GET', path)).status, path).toBe(401);
    }
  });
});

describeEachDatabase('analytics of real visits', (dialect) => {
  let server: TestServer;
  let ann: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    ann = (await registerUserOnPlan(server, 'PRO')).token;
  });
  afterAll(() => server.close());

  it('records the pages, referrers and visitors of real visits to a site', async () => {
    const subdomain = uniqueSubdomain('seen');
    const res = await deployCode(server, ann, subdomain, htmlArtifact('counted'));
    const done = await waitForDeployment(server, ann, res.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    const siteId = res.body.site.id as string;
    const visit = (path: string, ua: string, referer?: string) =>
      fetchSite(server.port, subdomain, path, {
        headers: { 'user-agent': ua, ...(referer ? { referer } : {}) },
      });
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Firefox/130.0';
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';
    await visit('/', firefox, 'https://news.ycombinator.com/item?id=1');
    await visit('/?utm_source=x', firefox);
    await visit('/pricing#plans', chrome, 'https://www.google.com/search?q=secret');
    // Moving within the site is navigation, not a referrer.
    await visit('/pricing', chrome, `http://${subdomain}.localhost:${server.port}/`);
    await visit('/', 'Googlebot/2.1');
    const charts = await waitUntil(
      async () => {
        const r = await server.api<SiteAnalytics>('GET', `/api/sites/${siteId}/analytics?days=7`, {
          token: ann,
        });
        return r.body.totals.views >= 4 ? r.body : false;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'the batch of page views to be written' },
    );
    expect(charts.totals).toEqual({ views: 4, visitors: 2 });
    expect(charts.daily.at(-1)).toEqual({ day: dayAgo(0), views: 4, visitors: 2 });
    expect(charts.topPages).toEqual([
      { path: '/', views: 2 },
      { path: '/pricing', views: 2 },
    ]);
    expect(charts.topReferrers).toEqual([
      { referrer: '(direct)', views: 1 },
      { referrer: 'news.ycombinator.com', views: 1 },
      { referrer: 'www.google.com', views: 1 },
    ]);
    // Only hashes are kept, never an address or a browser's name.
    const stored = await server.ctx.db.selectFrom('site_visitor_hashes').selectAll().execute();
    expect(stored.filter((h) => h.site_id === siteId)).toHaveLength(2);
    for (const h of stored) expect(h.hash).not.toMatch(/127\.0\.0\.1|Mozilla/);
  });
});

describeEachDatabase('analytics switched off', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ENABLE_ANALYTICS: 'false' });
  });
  afterAll(() => server.close());

  it('answers 404 to every analytics call and says so in the config', async () => {
    const { token } = await registerUser(server);
    const site = await insertSite(
      server.ctx.db,
      (await server.api('GET', '/api/auth/me', { token })).body.user.id,
      {
        name: 'off',
      },
    );
    for (const path of [
      '/api/analytics/overview',
      '/api/analytics/deployments?days=7',
      '/api/analytics/sparklines',
      `/api/sites/${site}/analytics`,
    ]) {
      expect((await server.api('GET', path, { token })).status, path).toBe(404);
    }
    expect((await server.api('GET', '/api/config')).body.features).toEqual({ analytics: false });
    expect((await server.api('GET', `/api/sites/${site}`, { token })).status).toBe(200);
  });
});
