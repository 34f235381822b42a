import type { AppContext } from './context';
import { registerHosting } from './hosting';
import { registerPipeline } from './pipeline';
import { registerRealtime } from './realtime';
import { registerDemoSeed } from './seed';
import { registerStorage } from './storage';

/**
 * Where each part plugs its services into the context (pipeline, hosting, realtime...):
 * one line per part, so the composition of the whole process is visible in one place.
 */
export async function registerParts(ctx: AppContext): Promise<void> {
  registerStorage(ctx);
  registerRealtime(ctx);
  registerPipeline(ctx);
  registerHosting(ctx);
  registerDemoSeed(ctx);
}
