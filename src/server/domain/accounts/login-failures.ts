import {
  deleteLoginFailures,
  loginFailureByKey,
  upsertLoginFailure,
} from '../../db/queries/login-failures';
import type { Database } from '../../db/database';
import { nowIso } from '../../lib/ids';
import { recordFailure, retryAfterSeconds, THROTTLE, type FailureState } from './login-throttle';

// Storage of the throttle state, in the database so every node of a cluster agrees.
async function load(db: Database, key: string): Promise<FailureState | null> {
  const row = await loginFailureByKey(db, key);
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
      : THROTTLE.freeFailuresPerAccount;
    const next = recordFailure(await load(db, key), now, free);
    await upsertLoginFailure(db, key, {
      failures: next.failures,
      window_started_at: nowIso(next.windowStartedAt),
      locked_until: next.lockedUntil ? nowIso(next.lockedUntil) : null,
    });
  }
}

export async function clearLoginFailures(db: Database, keys: string[]): Promise<void> {
  await deleteLoginFailures(db, keys);
}
