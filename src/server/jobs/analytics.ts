import { enforceAnalyticsRetention } from '../domain/sites/analytics';
import type { Job } from './scheduler';

/**
 * Deletes page-view analytics older than each owner's plan keeps, and yesterday's-and-older
 * visitor hashes with their salts (their visitors are counted; the hashes must not outlive
 * the day they were made for). Hourly, so the hashes go soon after midnight UTC.
 */
export const analyticsRetentionJob: Job = {
  name: 'analytics-retention',
  everyMs: 60 * 60 * 1000,
  async run(ctx) {
    const { rows, hashes } = await enforceAnalyticsRetention(ctx.db, ctx.config);
    if (rows || hashes)
      return `deleted ${rows} analytics rows past retention and ${hashes} visitor hashes`;
  },
};
