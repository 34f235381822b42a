import { sitesExpiredBefore } from '../db/queries/sites';
import { PURGE_GRACE_MS } from '../domain/sites/expiry';
import { deleteSite } from '../domain/sites/sites';
import { nowIso } from '../lib/ids';
import type { Job } from './scheduler';

/** Guest sites (and the files only they used) go a day after they expired. */
export const purgeExpiredSites: Job = {
  name: 'purge-expired-sites',
  everyMs: 10 * 60 * 1000,
  async run(ctx) {
    const expired = await sitesExpiredBefore(ctx.db, nowIso(Date.now() - PURGE_GRACE_MS), 500);
    for (const site of expired) await deleteSite(ctx, site);
    if (expired.length) return `purged ${expired.length} expired guest sites`;
  },
};
