import path from 'node:path';
import type { AppContext } from '../context';
import { BuildPool } from './build-pool';
import { DeploymentWorker } from './worker';

/** The build worker runs in processes with the worker role (the default process has both). */
export function registerPipeline(ctx: AppContext): void {
  if (!ctx.config.roles.has('worker')) return;
  const pool = new BuildPool({
    concurrency: ctx.config.buildConcurrency,
    registry: ctx.config.npmRegistry,
    cacheDir: path.join(ctx.config.dataDir, 'npm-cache'),
  });
  const worker = new DeploymentWorker(ctx, pool);
  ctx.wakePipeline = () => worker.wake();
  ctx.onStart.push(() => worker.start());
  ctx.onClose.push(() => worker.stop());
}
