import path from 'node:path';
import type { AppContext, Part } from '../context';
import { BuildPool } from './build-pool';
import { Recompression } from './recompression';
import { BUILD_NICE } from './thread-priority';
import { buildLanes, DeploymentWorker } from './worker';

/** The build worker of a process with the worker role: claims queued deployments and builds them. */
export function createPipeline(ctx: AppContext): Part {
  const pool = (threads: number, nice: number) =>
    new BuildPool({
      threads,
      nice,
      registry: ctx.config.npmRegistry,
      cacheDir: path.join(ctx.config.dataDir, 'npm-cache'),
      cacheQuotaBytes: ctx.config.npmCacheMaxBytes,
    });
  // Small builds are short and bounded by their size: they keep the normal priority, so a
  // creator's paste builds at full speed however many large builds yield beside it.
  const lanes = buildLanes(ctx.config.buildConcurrency, {
    small: () => pool(1, 0),
    any: (threads) => pool(threads, BUILD_NICE),
  });
  const worker = new DeploymentWorker(ctx, lanes, new Recompression(ctx));
  // A deployment queued on any node wakes this worker at once; the poll is only a safety net.
  // The same events reach every node, so the node running a build hears that it is moot.
  const unsubscribe = [
    ctx.events.on('deployment.queued', ({ deployment }) => {
      worker.cancelSite(deployment.site_id, 'replaced', deployment.id);
      worker.wake();
    }),
    ctx.events.on('site.deleted', ({ siteId }) => worker.cancelSite(siteId, 'site-deleted')),
  ];
  return {
    start: () => worker.start(),
    stop: async () => {
      for (const off of unsubscribe) off();
      await worker.stop();
    },
  };
}
