import path from 'node:path';
import type { AppContext, Part } from '../context';
import { BuildPool } from './build-pool';
import { DeploymentWorker } from './worker';

/** The build worker of a process with the worker role: claims queued deployments and builds them. */
export function createPipeline(ctx: AppContext): Part {
  const pool = new BuildPool({
    concurrency: ctx.config.buildConcurrency,
    registry: ctx.config.npmRegistry,
    cacheDir: path.join(ctx.config.dataDir, 'npm-cache'),
  });
  const worker = new DeploymentWorker(ctx, pool);
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
