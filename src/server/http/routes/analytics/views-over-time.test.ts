import { afterAll, beforeAll, expect, it } from 'vitest';
import { ViewsOverTimeSchema } from '../../../../shared/analytics';
import { dayAgo, insertDay, insertSite } from '../../../../../test/analytics-data';
import { describeEachDatabase } from '../../../../../test/databases';
import { registerUserOnPlan, startTestServer, type TestServer } from '../../../../../test/server';

// The analytics screen's views over time: every site of the owner summed per day.
describeEachDatabase('views over time across all sites', (dialect) => {
  let server: TestServer;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ROLES: 'web' });
    // PRO keeps every day, so the retention job of a starting server leaves the old rows be.
    const owner = await registerUserOnPlan(server, 'PRO');
    ann = owner.token;
    const other = await registerUserOnPlan(server, 'PRO');
    bob = other.token;
    const db = server.ctx.db;
    const alpha = await insertSite(db, owner.user.id, { name: 'alpha' });
    const beta = await insertSite(db, owner.user.id, { name: 'beta' });
    const theirs = await insertSite(db, other.user.id, { name: 'theirs' });
    await insertDay(db, alpha, dayAgo(0), { views: 10, visitors: 4 });
    await insertDay(db, beta, dayAgo(0), { views: 5, visitors: 2 });
    await insertDay(db, alpha, dayAgo(3), { views: 7, visitors: 3 });
    await insertDay(db, beta, dayAgo(20), { views: 2, visitors: 1 });
    await insertDay(db, alpha, dayAgo(60), { views: 40, visitors: 9 });
    await insertDay(db, theirs, dayAgo(0), { views: 1000, visitors: 500 });
  });
  afterAll(() => server.close());

  const views = async (token: string | undefined, days?: string) => {
    const res = await server.api('GET', `/api/analytics/views${days ? `?days=${days}` : ''}`, {
      ...(token ? { token } : {}),
    });
    return res;
  };

  it("sums the owner's sites per day over the window, every day present, oldest first", async () => {
    const res = await views(ann);
    expect(res.status).toBe(200);
    const body = ViewsOverTimeSchema.parse(res.body);
    expect(body.days).toBe(30);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ day: dayAgo(0), views: 15 });
    expect(body.daily.at(-4)).toEqual({ day: dayAgo(3), views: 7 });
    expect(body.daily.at(-21)).toEqual({ day: dayAgo(20), views: 2 });
    expect(body.daily[0]!.day < body.daily[1]!.day).toBe(true);
    expect(body.daily.reduce((s, d) => s + d.views, 0)).toBe(24);

    const week = ViewsOverTimeSchema.parse((await views(ann, '7')).body);
    expect(week.daily).toHaveLength(7);
    expect(week.daily.reduce((s, d) => s + d.views, 0)).toBe(22);
    const quarter = ViewsOverTimeSchema.parse((await views(ann, '90')).body);
    expect(quarter.daily.reduce((s, d) => s + d.views, 0)).toBe(64);
  });

  it('counts only their own sites, asks for a signed-in user and a known window', async () => {
    const theirs = ViewsOverTimeSchema.parse((await views(bob, '7')).body);
    expect(theirs.daily.reduce((s, d) => s + d.views, 0)).toBe(1000);
    expect((await views(undefined)).status).toBe(401);
    const bad = await views(ann, '12');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('days must be 7, 30 or 90.');
  });
});
