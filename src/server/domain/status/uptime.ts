import {
  STATUS_PART_NAMES,
  type PartState,
  type StatusDay,
  type StatusPartId,
} from '../../../shared/status';
import type { AppContext } from '../../context';
import { daysSince, latestChecks, saveRound } from '../../db/queries/status';
import type { StatusCheckRow, StatusDayRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import type { PartCheck } from './part-check';
import { partsOf } from './checks';

// Check results kept and rolled up: the last check of each part, and one row per part per day
// counting that day's checks (down and degraded apart), from which every uptime is read.

export const UPTIME_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Days kept beyond the page's window, so a month's figure is still whole at its end. */
const KEEP_DAYS = UPTIME_DAYS + 35;

export function dayOf(at: number): string {
  return nowIso(at).slice(0, 10);
}

/**
 * Stores one round's results at `at`. Rounds that never happened count first: a gap between
 * this round and the last one longer than a couple of periods means no node could claim the
 * check, which only happens when the database was away or every node was stopped, so the
 * missed rounds count as the database and the app down.
 */
export async function recordRound(
  ctx: Pick<AppContext, 'db' | 'config'>,
  results: Map<StatusPartId, PartCheck>,
  at: number,
): Promise<void> {
  const every = ctx.config.statusCheckIntervalMs;
  const day = dayOf(at);
  const counts: StatusDayRow[] = [];
  const previous = (await latestChecks(ctx.db)).find((c) => c.part === 'database');
  // A round recorded for an earlier time (a late writer) has no gap before it to count.
  if (previous && Date.parse(previous.checked_at) < at) {
    const gap = at - Date.parse(previous.checked_at);
    const allowance = 3 * every + 2 * ctx.config.statusCanaryTimeoutMs;
    if (gap > allowance) {
      const missed = Math.min(Math.floor((gap - every) / every), Math.floor(DAY_MS / every));
      for (const part of ['database', 'app'] as const) {
        counts.push({ part, day, checks: missed, down_checks: missed, degraded_checks: 0 });
      }
    }
  }
  const checks: StatusCheckRow[] = [];
  for (const [part, check] of results) {
    checks.push({ part, status: check.status, detail: check.detail, checked_at: nowIso(at) });
    counts.push({
      part,
      day,
      checks: 1,
      down_checks: check.status === 'down' ? 1 : 0,
      degraded_checks: check.status === 'degraded' ? 1 : 0,
    });
  }
  await saveRound(ctx.db, checks, counts, dayOf(at - KEEP_DAYS * DAY_MS));
}

/** Up is everything but down: a degraded part still answers. */
export function uptimePercent(checks: number, down: number): number | null {
  if (checks <= 0) return null;
  return Math.round(((checks - down) / checks) * 100_000) / 1000;
}

export interface PartReading {
  id: StatusPartId;
  name: string;
  status: PartState;
  detail: string | null;
  checkedAt: string | null;
  uptime90d: number;
  days: StatusDay[];
  monthUptime: number | null;
}

/**
 * Every part's state and days as of `now`. A part whose last check is older than a few
 * periods is shown degraded: nothing has looked at it since.
 */
export async function readParts(
  ctx: Pick<AppContext, 'db' | 'config'>,
  now = Date.now(),
): Promise<PartReading[]> {
  const firstDay = now - (UPTIME_DAYS - 1) * DAY_MS;
  const month = dayOf(now).slice(0, 7);
  const [checks, days] = await Promise.all([
    latestChecks(ctx.db),
    daysSince(ctx.db, `${month}-01` < dayOf(firstDay) ? `${month}-01` : dayOf(firstDay)),
  ]);
  const staleAfter = 3 * ctx.config.statusCheckIntervalMs + 2 * ctx.config.statusCanaryTimeoutMs;
  return partsOf(ctx.config).map((id) => {
    const last = checks.find((c) => c.part === id);
    const own = days.filter((d) => d.part === id && d.day <= dayOf(now));
    const byDay = new Map(own.map((d) => [d.day, d]));
    const row: StatusDay[] = [];
    for (let i = 0; i < UPTIME_DAYS; i++) {
      const day = dayOf(firstDay + i * DAY_MS);
      row.push(presentDay(day, byDay.get(day)));
    }
    const inWindow = own.filter((d) => d.day >= dayOf(firstDay));
    const inMonth = own.filter((d) => d.day.startsWith(month));
    return {
      id,
      name: STATUS_PART_NAMES[id],
      ...currentState(last, now, staleAfter),
      uptime90d: uptimeOf(inWindow) ?? 100,
      days: row,
      monthUptime: uptimeOf(inMonth),
    };
  });
}

function currentState(last: StatusCheckRow | undefined, now: number, staleAfter: number) {
  if (!last) {
    return { status: 'operational' as const, detail: 'Not checked yet.', checkedAt: null };
  }
  if (now - Date.parse(last.checked_at) > staleAfter) {
    return {
      status: 'degraded' as const,
      detail: 'Not checked recently: the checks may have stopped.',
      checkedAt: last.checked_at,
    };
  }
  return { status: last.status, detail: last.detail, checkedAt: last.checked_at };
}

function uptimeOf(days: StatusDayRow[]): number | null {
  const checks = days.reduce((n, d) => n + Number(d.checks), 0);
  const down = days.reduce((n, d) => n + Number(d.down_checks), 0);
  return uptimePercent(checks, down);
}

function presentDay(day: string, row: StatusDayRow | undefined): StatusDay {
  const checks = Number(row?.checks ?? 0);
  const downChecks = Number(row?.down_checks ?? 0);
  return {
    day,
    uptime: uptimePercent(checks, downChecks),
    checks,
    downChecks,
    degradedChecks: Number(row?.degraded_checks ?? 0),
  };
}
