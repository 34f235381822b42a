import type { AppContext } from './context';

/**
 * Where each part plugs its services into the context (pipeline, hosting, realtime...):
 * one line per part, so the composition of the whole process is visible in one place.
 */
export async function registerParts(_ctx: AppContext): Promise<void> {}
