import type { Database } from '../db/database';
import { nowIso } from './tokens';
import { recordFailure, retryAfterSeconds, THROTTLE, type FailureState } from './login-throttle';

// Storage of the throttle state, in the database so every node of a cluster agrees.
async function load(db: Database, key: string): Promise<FailureState | null> {
  const row = await db
    .selectFrom('login_failures')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  return {
    failures: row.failures,
    windowStartedAt: Date.parse(row.window_started_at),
    lockedUntil: row.locked_until ? Date.parse(row.locked_until) : null,
  };
}

/** The longest wait any of the keys still imposes, in seconds. */
export async function loginRetryAfter(
  db: Database,
  keys: string[],
  now = Date.now(),
): Promise<number> {
  const waits = await Promise.all(keys.map(async (k) => retryAfterSeconds(await load(db, k), now)));
  return Math.max(0, ...waits);
}

export async function noteLoginFailure(
  db: Database,
  keys: string[],
  now = Date.now(),
): Promise<void> {
  for (const key of keys) {
    const free = key.startsWith('ip:')
      ? THROTTLE.freeFailuresPerAddress
      : THROTTLE.freeFailuresPerEmail;
    const next = recordFailure(await load(db, key), now, free);
    const values = {
      failures: next.failures,
      window_started_at: nowIso(next.windowStartedAt),
      locked_until: next.lockedUntil ? nowIso(next.lockedUntil) : null,
    };
    await db
      .insertInto('login_failures')
      .values({ key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
  }
}

export async function clearLoginFailures(db: Database, keys: string[]): Promise<void> {
  await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
}
