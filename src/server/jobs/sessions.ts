import { deleteStaleLoginFailures } from '../db/queries/login-failures';
import { deleteSessionsExpiredBefore } from '../db/queries/sessions';
import { deleteSignInCodesExpiredBefore } from '../db/queries/sign-in-codes';
import { THROTTLE } from '../domain/login-throttle';
import { nowIso } from '../lib/ids';
import type { Job } from './scheduler';

export const purgeExpiredSessions: Job = {
  name: 'purge-expired-sessions',
  everyMs: 60 * 60 * 1000,
  async run(ctx) {
    const count = await deleteSessionsExpiredBefore(ctx.db, nowIso());
    const codes = await deleteSignInCodesExpiredBefore(ctx.db, nowIso());
    if (count || codes) return `removed ${count} expired sessions and ${codes} sign-in codes`;
  },
};

/** Failed sign-ins outside the throttle's window and locking nothing count for nothing. */
export const purgeStaleLoginFailures: Job = {
  name: 'purge-stale-login-failures',
  everyMs: 60 * 60 * 1000,
  async run(ctx) {
    const now = Date.now();
    const count = await deleteStaleLoginFailures(
      ctx.db,
      nowIso(now - THROTTLE.windowMs),
      nowIso(now),
    );
    if (count) return `forgot ${count} stale sign-in failure records`;
  },
};
