import { afterEach, expect, it } from 'vitest';
import { dayAgo, insertDay, insertSite, insertUser } from '../../../../test/analytics-data';
import { describeEachDatabase, openTestDatabase } from '../../../../test/databases';
import type { PlanName } from '../../../shared/plans';
import type { OpenDatabase } from '../../db/database';
import { analyticsRetentionJob } from '../../jobs/analytics';
import { enforceAnalyticsRetention } from './analytics';

describeEachDatabase('analytics retention', (dialect) => {
  let open: OpenDatabase | null = null;
  afterEach(async () => {
    await open?.close();
    open = null;
  });

  it("deletes the days each owner's plan does not keep, and yesterday's visitor hashes", async () => {
    open = await openTestDatabase(dialect);
    const db = open.db;
    const now = Date.now();
    const AGES = [0, 29, 30, 364, 365, 800];
    const siteOf = async (
      plan: PlanName,
      opts: { email?: string; guest?: boolean; emailVerified?: boolean } = {},
    ) => {
      const site = await insertSite(db, await insertUser(db, { plan, ...opts }), { name: plan });
      for (const ago of AGES) {
        await insertDay(db, site, dayAgo(ago, now), {
          views: 1,
          visitors: 1,
          pages: { '/': 1 },
          referrers: { '(direct)': 1 },
        });
      }
      return site;
    };
    const free = await siteOf('FREE');
    const guest = await siteOf('FREE', { guest: true });
    const starter = await siteOf('STARTER');
    const pro = await siteOf('PRO');
    // An admin by the installation's list (address confirmed) keeps everything, whatever plan
    // the account says.
    const admin = await siteOf('FREE', { email: 'boss@example.com', emailVerified: true });
    for (const ago of [0, 1, 2]) {
      await db
        .insertInto('site_visitor_hashes')
        .values({ site_id: free, day: dayAgo(ago, now), hash: `h${ago}` })
        .execute();
      await db
        .insertInto('analytics_salts')
        .values({ day: dayAgo(ago, now), salt: `s${ago}` })
        .execute();
    }

    const done = await enforceAnalyticsRetention(
      db,
      { adminEmails: new Set(['boss@example.com']) },
      now,
    );
    // FREE and guest: 4 old days × 3 tables each; STARTER: 2 days × 3.
    expect(done).toEqual({ rows: 2 * 4 * 3 + 2 * 3, hashes: 1 });

    const kept = async (site: string) => {
      const days = await db
        .selectFrom('site_views_daily')
        .select('day')
        .where('site_id', '=', site)
        .orderBy('day', 'desc')
        .execute();
      const pages = await db
        .selectFrom('site_pages_daily')
        .select('day')
        .where('site_id', '=', site)
        .execute();
      const refs = await db
        .selectFrom('site_referrers_daily')
        .select('day')
        .where('site_id', '=', site)
        .execute();
      expect(pages).toHaveLength(days.length);
      expect(refs).toHaveLength(days.length);
      return days.map((d) => d.day);
    };
    const ages = (list: number[]) => list.map((a) => dayAgo(a, now));
    expect(await kept(free)).toEqual(ages([0, 29]));
    expect(await kept(guest)).toEqual(ages([0, 29]));
    expect(await kept(starter)).toEqual(ages([0, 29, 30, 364]));
    expect(await kept(pro)).toEqual(ages(AGES));
    expect(await kept(admin)).toEqual(ages(AGES));
    const hashes = await db
      .selectFrom('site_visitor_hashes')
      .select('day')
      .orderBy('day')
      .execute();
    expect(hashes.map((h) => h.day)).toEqual(ages([1, 0]));
    const salts = await db.selectFrom('analytics_salts').select('day').orderBy('day').execute();
    expect(salts.map((s) => s.day)).toEqual(ages([1, 0]));
  });

  it('runs as a scheduled job that reports what it deleted', async () => {
    open = await openTestDatabase(dialect);
    const site = await insertSite(open.db, await insertUser(open.db), { name: 'old' });
    await insertDay(open.db, site, dayAgo(40), { views: 3, visitors: 1 });
    const ctx = { db: open.db, config: { adminEmails: new Set<string>() } };
    const said = await analyticsRetentionJob.run(ctx as never);
    expect(said).toBe('deleted 1 analytics rows past retention and 0 visitor hashes');
    expect(await analyticsRetentionJob.run(ctx as never)).toBeUndefined();
  });
});
