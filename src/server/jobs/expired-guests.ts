import { removeExpiredGuests } from '../domain/accounts/guests';
import type { Job } from './scheduler';

/** Guest accounts past their life, with their sites, files and sessions. */
export const removeExpiredGuestsJob: Job = {
  name: 'remove-expired-guests',
  everyMs: 10 * 60 * 1000,
  async run(ctx) {
    // Bounded per tick: a flood of guests is worked off over a few ticks, not in one long one.
    const count = await removeExpiredGuests(ctx, 2000);
    if (count) return `removed ${count} expired guest accounts`;
  },
};
