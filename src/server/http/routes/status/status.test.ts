import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StatusPartId, StatusResponse } from '../../../../shared/status';
import { describeEachDatabase } from '../../../../../test/databases';
import { startTestServer, type TestServer } from '../../../../../test/server';
import { waitUntil } from '../../../../../test/wait';
import { latestChecks, STATUS_CANARY_EMAIL } from '../../../db/queries/status';
import { readParts, recordRound } from '../../../domain/status/uptime';
import type { PartCheck } from '../../../domain/status/part-check';

// The status page's checks against real servers: the canary deploys through a real worker and
// is fetched through hosting; stopping the worker turns Builds red and a new worker turns it
// green again. The checks run every half second here (STATUS_CHECK_INTERVAL_SECONDS), so the
// test waits on the page's answers, not on minutes.
// A build waits at most 15 s: a loaded test machine builds slowly, and a stopped worker still
// shows within the two minutes.
const FAST_CHECKS = {
  STATUS_CHECKS: 'true',
  STATUS_CHECK_INTERVAL_SECONDS: '0.5',
  STATUS_CANARY_TIMEOUT_SECONDS: '15',
};
const REDIS_URL = 'redis://127.0.0.1:6379';

let lastSeen = '';
async function status(server: TestServer): Promise<StatusResponse> {
  const res = await server.api<StatusResponse>('GET', '/api/status');
  expect(res.status).toBe(200);
  lastSeen = JSON.stringify(res.body.parts.map((p) => [p.id, p.status, p.detail]));
  return res.body;
}
const seen = () => `; last seen ${lastSeen}`;

function part(body: StatusResponse, id: StatusPartId) {
  const found = body.parts.find((p) => p.id === id);
  if (!found) throw new Error(`no part ${id} in ${JSON.stringify(body.parts.map((p) => p.id))}`);
  return found;
}

describeEachDatabase('status page: builds go red when the worker stops', (dialect) => {
  let web: TestServer;
  const workers: TestServer[] = [];
  const startWorker = async () => {
    const worker = await startTestServer(dialect, {
      ROLES: 'worker',
      REDIS_URL,
      DATA_DIR: web.ctx.config.dataDir,
      ...(web.ctx.config.databaseUrl ? { DATABASE_URL: web.ctx.config.databaseUrl } : {}),
      ...FAST_CHECKS,
    });
    workers.push(worker);
    return worker;
  };
  beforeAll(async () => {
    web = await startTestServer(dialect, { ROLES: 'web', REDIS_URL, ...FAST_CHECKS });
    await startWorker();
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) await w.close();
    await web?.close();
  });

  it('shows every part operational from real checks, Redis included, and keeps the canary out of sight', async () => {
    const body = await waitUntil(
      async () => {
        const b = await status(web);
        return b.parts.every((p) => p.checkedAt && p.status === 'operational') && b;
      },
      { timeoutMs: 90_000, what: () => `every part checked and operational${seen()}` },
    );
    expect(body.status).toBe('operational');
    expect(body.parts.map((p) => p.id)).toEqual([
      'app',
      'builds',
      'hosting',
      'certificates',
      'database',
      'redis',
    ]);
    expect(part(body, 'hosting').detail).toMatch(/served with the bytes/);
    expect(part(body, 'builds').days).toHaveLength(90);
    expect(part(body, 'builds').days.at(-1)!.checks).toBeGreaterThan(0);

    // Its sites are deleted by the check that made them: at most the one of a running check.
    const canarySites = await web.ctx.db
      .selectFrom('sites')
      .innerJoin('users', 'users.id', 'sites.user_id')
      .select('sites.id')
      .where('users.email', '=', STATUS_CANARY_EMAIL)
      .execute();
    expect(canarySites.length).toBeLessThanOrEqual(1);
  }, 120_000);

  it('turns Builds down when the last worker stops, and operational again with a new one', async () => {
    const worker = workers.pop()!;
    await worker.close();
    const down = await waitUntil(
      async () => {
        const b = await status(web);
        return part(b, 'builds').status === 'down' && b;
      },
      { timeoutMs: 120_000, what: () => `Builds down${seen()}` },
    );
    expect(down.status).toBe('down');
    expect(part(down, 'builds').detail).toMatch(/No worker built the canary/);
    // Hosting still answers: only new versions wait.
    expect(part(down, 'hosting').status).toBe('operational');
    expect(part(down, 'builds').days.at(-1)!.downChecks).toBeGreaterThan(0);

    await startWorker();
    const back = await waitUntil(
      async () => {
        const b = await status(web);
        return part(b, 'builds').status === 'operational' && b;
      },
      { timeoutMs: 120_000, what: () => `Builds operational again${seen()}` },
    );
    expect(part(back, 'hosting').detail).toMatch(/served with the bytes/);
    expect(part(back, 'builds').uptime90d).toBeLessThan(100);
  }, 300_000);
});

describeEachDatabase('status page: uptime over days', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // One round at start, then none for an hour: the rounds below are the test's alone.
    server = await startTestServer(dialect, {
      STATUS_CHECKS: 'true',
      STATUS_CHECK_INTERVAL_SECONDS: '3600',
      STATUS_CANARY_TIMEOUT_SECONDS: '30',
    });
    await waitUntil(async () => part(await status(server), 'builds').checkedAt, {
      timeoutMs: 60_000,
      what: 'the first round of checks',
    });
  }, 120_000);
  afterAll(async () => server?.close());

  const all = (overrides: Partial<Record<StatusPartId, PartCheck>> = {}) =>
    new Map<StatusPartId, PartCheck>(
      (['app', 'builds', 'hosting', 'certificates', 'database'] as const).map((id) => [
        id,
        overrides[id] ?? { status: 'operational', detail: 'fine' },
      ]),
    );

  const DAY = 24 * 60 * 60 * 1000;
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const at = (day: number, hour: number, minute = 0) => day + hour * 3600_000 + minute * 60_000;
  const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

  it('adds the days up: a down check lowers its day and the 90 days, degraded counts as up', async () => {
    const twoDaysAgo = today - 2 * DAY;
    await recordRound(
      server.ctx,
      all({ hosting: { status: 'down', detail: 'no answer' } }),
      at(twoDaysAgo, 10),
    );
    await recordRound(
      server.ctx,
      all({ builds: { status: 'degraded', detail: 'slow' } }),
      at(twoDaysAgo, 10, 30),
    );
    await recordRound(server.ctx, all(), at(twoDaysAgo + DAY, 10, 30));

    const body = await status(server);
    const day = (id: StatusPartId, d: number) =>
      part(body, id).days.find((x) => x.day === dayOf(d))!;
    expect(day('hosting', twoDaysAgo)).toMatchObject({ checks: 2, downChecks: 1, uptime: 50 });
    // Degraded is up: the part still answers.
    expect(day('builds', twoDaysAgo)).toMatchObject({ checks: 2, degradedChecks: 1, uptime: 100 });
    expect(day('hosting', twoDaysAgo + DAY)).toMatchObject({
      checks: 1,
      downChecks: 0,
      uptime: 100,
    });
    for (const p of body.parts) {
      const checks = p.days.reduce((n, d) => n + d.checks, 0);
      const down = p.days.reduce((n, d) => n + d.downChecks, 0);
      expect(p.uptime90d, p.id).toBeCloseTo(((checks - down) / checks) * 100, 2);
    }
    expect(part(body, 'hosting').uptime90d).toBeLessThan(100);
    expect(part(body, 'certificates').uptime90d).toBe(100);
    // Rounds recorded for earlier times never replace the current state.
    expect(Date.parse(part(body, 'hosting').checkedAt!)).toBeGreaterThanOrEqual(today);
  });

  it('counts the rounds nobody ran (the database away) as the database and app down, as the clock moves on', async () => {
    // The clock moved forward: two rounds a day apart, with none in between.
    const first = at(today + 3 * DAY, 10);
    const second = first + DAY;
    await recordRound(server.ctx, all(), first);
    await recordRound(server.ctx, all(), second);
    const parts = await readParts(server.ctx, second);
    const day = (id: StatusPartId) => parts.find((p) => p.id === id)!.days.at(-1)!;
    expect(day('database').day).toBe(dayOf(second));
    // One round an hour: 23 missed in the day between, then the one that came.
    expect(day('database')).toMatchObject({ checks: 24, downChecks: 23 });
    expect(day('app')).toMatchObject({ checks: 24, downChecks: 23 });
    expect(day('hosting')).toMatchObject({ checks: 1, downChecks: 0 });
    const month = parts.find((p) => p.id === 'database')!.monthUptime!;
    expect(month).toBeLessThan(100);
    // The page of today does not count days still to come.
    const body = await status(server);
    expect(part(body, 'database').days.at(-1)!.day).toBe(dayOf(Date.now()));
    expect(part(body, 'database').days.some((d) => d.downChecks > 0)).toBe(false);
  });

  it('writes a round whole: a reader never sees one part of a round beside another of the round before', async () => {
    // Rounds after the ones above, each with its own time; a reader keeps asking meanwhile.
    const first = at(today + 10 * DAY, 10);
    let writing = true;
    const torn: string[] = [];
    let reads = 0;
    const reader = (async () => {
      while (writing) {
        const checks = await latestChecks(server.ctx.db);
        reads += 1;
        const times = new Set(checks.map((c) => c.checked_at));
        if (times.size > 1) torn.push(checks.map((c) => `${c.part}@${c.checked_at}`).join(' '));
      }
    })();
    for (let round = 0; round < 20; round += 1) {
      await recordRound(server.ctx, all(), first + round * 60_000);
    }
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(5);
    expect(torn).toEqual([]);
  });
});
