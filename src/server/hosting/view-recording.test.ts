import type { KyselyPlugin } from 'kysely';
import pino from 'pino';
import { afterEach, expect, it, vi } from 'vitest';
import { dayAgo, insertSite, insertUser } from '../../../test/analytics-data';
import { describeEachDatabase, openTestDatabase } from '../../../test/databases';
import { DIRECT_LABEL, OTHER_LABEL } from '../../shared/analytics';
import type { OpenDatabase } from '../db/database';
import { DAILY_KEYS_CAP, ViewCounter, type PageView } from './views';

/** A browser's direct visit to a site's front page, with what a test sets otherwise. */
const pageView = (siteId: string, fields: Partial<PageView> = {}): PageView => ({
  siteId,
  url: '/',
  referer: undefined,
  host: 'site.localhost',
  address: '192.0.2.9',
  userAgent: 'Mozilla/5.0',
  ...fields,
});

/** Counts the statements that change rows, whoever sends them. */
function writeCounter() {
  const counter = { writes: 0, plugin: null as unknown as KyselyPlugin };
  counter.plugin = {
    transformQuery(args) {
      const kind = args.node.kind;
      if (kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode') {
        counter.writes++;
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return counter;
}

describeEachDatabase('recording page views', (dialect) => {
  let open: OpenDatabase | null = null;
  afterEach(async () => {
    await open?.close();
    open = null;
  });

  it('lands thousands of views in capped daily rows with a few writes per flush', async () => {
    open = await openTestDatabase(dialect);
    const counter = writeCounter();
    const db = open.db.withPlugin(counter.plugin);
    const owner = await insertUser(open.db);
    const sites = [
      await insertSite(open.db, owner, { name: 'busy' }),
      await insertSite(open.db, owner, { name: 'small' }),
    ];
    const views = new ViewCounter(db, pino({ level: 'silent' }));
    const VIEWS = 5000;
    const started = performance.now();
    for (let i = 0; i < VIEWS; i++) {
      views.record({
        siteId: sites[i % 10 === 0 ? 1 : 0]!,
        // 80 pages on the busy site: beyond the cap they add up in '(other)'.
        url: `/page-${i % 80}?ref=${i}`,
        referer: i % 3 === 0 ? undefined : `https://ref${i % 5}.example/post/${i}`,
        host: 'busy.localhost',
        address: `10.0.${(i % 300) >> 8}.${i % 300}`,
        userAgent: 'Mozilla/5.0 Firefox/130.0',
      });
      // Five flushes over the run, as the timer would make under steady traffic.
      if (i % 1000 === 999) await views.flush();
    }
    const recordMs = performance.now() - started;
    await views.stop();

    const today = dayAgo(0);
    const totals = await open.db
      .selectFrom('site_views_daily')
      .selectAll()
      .where('day', '=', today)
      .orderBy('views', 'desc')
      .execute();
    expect(totals.map((t) => [t.site_id, t.views])).toEqual([
      [sites[0], 4500],
      [sites[1], 500],
    ]);
    // 300 addresses with one browser: the 30 multiples of ten visit the small site only.
    expect(totals.map((t) => t.visitors)).toEqual([270, 30]);
    const sitesRows = await open.db.selectFrom('sites').select(['id', 'views']).execute();
    expect(Object.fromEntries(sitesRows.map((s) => [s.id, s.views]))).toEqual({
      [sites[0]!]: 4500,
      [sites[1]!]: 500,
    });

    const pages = await open.db
      .selectFrom('site_pages_daily')
      .selectAll()
      .where('site_id', '=', sites[0]!)
      .execute();
    expect(pages.length).toBe(DAILY_KEYS_CAP + 1);
    expect(pages.every((p) => p.day === today && !p.path.includes('?'))).toBe(true);
    expect(pages.reduce((s, p) => s + p.views, 0)).toBe(4500);
    expect(pages.find((p) => p.path === OTHER_LABEL)?.views).toBeGreaterThan(0);

    const referrers = await open.db
      .selectFrom('site_referrers_daily')
      .select(['referrer', 'views'])
      .where('site_id', '=', sites[0]!)
      .orderBy('referrer')
      .execute();
    expect(referrers.map((r) => r.referrer)).toEqual([
      DIRECT_LABEL,
      'ref0.example',
      'ref1.example',
      'ref2.example',
      'ref3.example',
      'ref4.example',
    ]);
    expect(referrers.reduce((s, r) => s + r.views, 0)).toBe(4500);

    // Per flush and site: a handful of statements (views, hashes, day, pages, referrers).
    expect(counter.writes).toBeLessThan(VIEWS / 50);
    console.info(
      `[${dialect}] ${VIEWS} views: recording ${recordMs.toFixed(0)} ms with flushes, ${counter.writes} writes`,
    );
  });

  it("keeps a site's daily cap of pages after forgetting it: its stored keys are read again", async () => {
    open = await openTestDatabase(dialect);
    const owner = await insertUser(open.db);
    const busy = await insertSite(open.db, owner, { name: 'busy' });
    const other = await insertSite(open.db, owner, { name: 'other' });
    // Remembers one site's keys at a time: each flush of the other site forgets the first.
    const views = new ViewCounter(open.db, pino({ level: 'silent' }), true, Date.now, 1);
    const visit = (siteId: string, url: string) => views.record(pageView(siteId, { url }));
    for (let i = 0; i < DAILY_KEYS_CAP + 10; i++) visit(busy, `/page-${i}`);
    await views.flush();
    visit(other, '/');
    await views.flush();
    visit(busy, '/fresh');
    await views.stop();
    const pages = await open.db
      .selectFrom('site_pages_daily')
      .select(['path', 'views'])
      .where('site_id', '=', busy)
      .execute();
    expect(pages.length).toBe(DAILY_KEYS_CAP + 1);
    expect(pages.some((p) => p.path === '/fresh')).toBe(false);
    expect(pages.find((p) => p.path === OTHER_LABEL)?.views).toBe(11);
  });

  it('counts runs of one page and browser as exactly as alternations, robots left out', async () => {
    open = await openTestDatabase(dialect);
    const owner = await insertUser(open.db);
    const first = await insertSite(open.db, owner, { name: 'first' });
    const second = await insertSite(open.db, owner, { name: 'second' });
    const views = new ViewCounter(open.db, pino({ level: 'silent' }));
    const firefox = 'Mozilla/5.0 Firefox/130.0';
    const chrome = 'Mozilla/5.0 Chrome/130.0';
    // Each view gets strings of its own, as from a request's parser.
    const visit = (siteId: string, url: string, agent: string) =>
      views.record(pageView(siteId, { url: `${url} `.trim(), userAgent: `${agent} `.trim() }));
    for (let i = 0; i < 5; i++) visit(first, '/', firefox);
    visit(first, '/about', firefox);
    visit(second, '/', chrome);
    visit(first, '/about?from=mail', chrome);
    visit(first, '/', 'Googlebot/2.1');
    visit(first, '/', chrome);
    await views.flush();
    visit(first, '/about', firefox);
    await views.stop();

    const days = await open.db
      .selectFrom('site_views_daily')
      .select(['site_id', 'views', 'visitors'])
      .execute();
    expect(Object.fromEntries(days.map((d) => [d.site_id, [d.views, d.visitors]]))).toEqual({
      [first]: [9, 2],
      [second]: [1, 1],
    });
    const pages = await open.db
      .selectFrom('site_pages_daily')
      .select(['path', 'views'])
      .where('site_id', '=', first)
      .orderBy('path')
      .execute();
    expect(pages.map((p) => [p.path, p.views])).toEqual([
      ['/', 6],
      ['/about', 3],
    ]);
  });

  it('dates views by the UTC day, turning at midnight', async () => {
    open = await openTestDatabase(dialect);
    const owner = await insertUser(open.db);
    const site = await insertSite(open.db, owner, { name: 'late' });
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      vi.setSystemTime(new Date('2026-03-01T23:59:59.200Z'));
      const views = new ViewCounter(open.db, pino({ level: 'silent' }));
      const visit = () => views.record(pageView(site));
      visit();
      visit();
      vi.advanceTimersByTime(900);
      visit();
      vi.advanceTimersByTime(24 * 3600_000);
      visit();
      await views.stop();
    } finally {
      vi.useRealTimers();
    }
    const days = await open.db
      .selectFrom('site_views_daily')
      .select(['day', 'views'])
      .orderBy('day')
      .execute();
    expect(days.map((d) => [d.day, d.views])).toEqual([
      ['2026-03-01', 2],
      ['2026-03-02', 1],
      ['2026-03-03', 1],
    ]);
  });

  it('keeps counting a returning visitor once per day, across flushes and nodes', async () => {
    open = await openTestDatabase(dialect);
    const owner = await insertUser(open.db);
    const site = await insertSite(open.db, owner, { name: 'again' });
    const log = pino({ level: 'silent' });
    // Two nodes, one database: the stored hashes decide who is new.
    const nodes = [new ViewCounter(open.db, log), new ViewCounter(open.db, log)];
    const visit = (node: ViewCounter, address: string) => node.record(pageView(site, { address }));
    visit(nodes[0]!, '192.0.2.1');
    await nodes[0]!.flush();
    visit(nodes[0]!, '192.0.2.1');
    visit(nodes[1]!, '192.0.2.1');
    visit(nodes[1]!, '192.0.2.2');
    await nodes[0]!.flush();
    await nodes[1]!.flush();
    const day = await open.db.selectFrom('site_views_daily').selectAll().executeTakeFirstOrThrow();
    expect(day).toMatchObject({ views: 4, visitors: 2 });
    const salts = await open.db.selectFrom('analytics_salts').selectAll().execute();
    expect(salts).toHaveLength(1);
  });

  it('writes a view of a deleted site nowhere', async () => {
    open = await openTestDatabase(dialect);
    const views = new ViewCounter(open.db, pino({ level: 'silent' }));
    views.record(pageView('gone'));
    await views.flush();
    expect(await open.db.selectFrom('site_views_daily').selectAll().execute()).toEqual([]);
    expect(await open.db.selectFrom('site_visitor_hashes').selectAll().execute()).toEqual([]);
  });

  it('lets visits be answered while it writes the views of many sites', async () => {
    open = await openTestDatabase(dialect);
    const owner = await insertUser(open.db);
    const sites: string[] = [];
    for (let i = 0; i < 300; i++) sites.push(await insertSite(open.db, owner, { name: `s${i}` }));
    const views = new ViewCounter(open.db, pino({ level: 'silent' }));
    for (const siteId of sites) views.record(pageView(siteId));
    // A visit arriving during the flush is a turn of the loop: it must come before the end.
    let sitesWrittenFirst = -1;
    const written = () =>
      open!.db
        .selectFrom('site_views_daily')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const flushed = views.flush();
    setImmediate(() => void written().then((r) => (sitesWrittenFirst = Number(r.n))));
    await flushed;
    expect(Number((await written()).n)).toBe(300);
    expect(sitesWrittenFirst).toBeGreaterThanOrEqual(0);
    expect(sitesWrittenFirst).toBeLessThan(300);
  });
});
