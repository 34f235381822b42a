import { deleteSignInChallengesExpiredBefore } from '../db/queries/two-factor';
import { nowIso } from '../lib/ids';
import type { Job } from './scheduler';

/** Second-factor steps and passkey ceremonies nobody finished: worth nothing after 5 minutes. */
export const purgeExpiredSignInChallenges: Job = {
  name: 'purge-expired-sign-in-challenges',
  everyMs: 60 * 60 * 1000,
  async run(ctx) {
    const count = await deleteSignInChallengesExpiredBefore(ctx.db, nowIso());
    if (count) return `removed ${count} unfinished sign-in challenges`;
  },
};
