import { collectGarbage } from '../domain/deployments/retention';
import type { Job } from './scheduler';

/**
 * Replaced, failed and old deployments, with the blobs only they used (domain/deployments/retention.ts
 * says which). Often enough that a burst of replaced uploads stops counting against the
 * account's quota within minutes.
 */
export const collectGarbageJob: Job = {
  name: 'collect-garbage',
  everyMs: 5 * 60 * 1000,
  async run(ctx) {
    const { deployments, blobs } = await collectGarbage(ctx);
    if (deployments || blobs) {
      return `collected ${deployments} deployments and ${blobs} blobs nothing used any more`;
    }
  },
};
