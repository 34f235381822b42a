import { deleteEmailVerificationsExpiredBefore } from '../db/queries/email-verifications';
import { deleteStaleLoginFailures } from '../db/queries/login-failures';
import { deleteOAuthSignInsExpiredBefore } from '../db/queries/oauth';
import { deleteOAuthLinkRequestsExpiredBefore } from '../db/queries/oauth-link-requests';
import { deletePasswordResetsExpiredBefore } from '../db/queries/password-resets';
import { deleteSessionsExpiredBefore } from '../db/queries/sessions';
import { deleteSignInCodesExpiredBefore } from '../db/queries/sign-in-codes';
import { THROTTLE } from '../domain/accounts/login-throttle';
import { nowIso } from '../lib/ids';
import type { Job } from './scheduler';

export const purgeExpiredSessions: Job = {
  name: 'purge-expired-sessions',
  everyMs: 60 * 60 * 1000,
  async run(ctx) {
    const count = await deleteSessionsExpiredBefore(ctx.db, nowIso());
    const codes = await deleteSignInCodesExpiredBefore(ctx.db, nowIso());
    // Social sign-ins started and never finished (the person closed the provider's page).
    const started = await deleteOAuthSignInsExpiredBefore(ctx.db, nowIso());
    const resets = await deletePasswordResetsExpiredBefore(ctx.db, nowIso());
    // E-mail links past their day, and social sign-ins that waited for a password in vain.
    const links =
      (await deleteEmailVerificationsExpiredBefore(ctx.db, nowIso())) +
      (await deleteOAuthLinkRequestsExpiredBefore(ctx.db, nowIso()));
    if (count || codes || started || resets || links) {
      return `removed ${count} expired sessions, ${codes} sign-in codes, ${started} unfinished social sign-ins, ${resets} password reset links and ${links} e-mail or account links`;
    }
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
