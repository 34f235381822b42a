import { z } from 'zod';

// How builds run: how many at once, how long one may take, and where packages come from.

export interface BuildSettings {
  buildConcurrency: number;
  /** A build running longer is stopped (its thread terminated) and fails. */
  buildTimeoutMs: number;
  npmRegistry: string;
  /**
   * Most bytes the package cache of builds may hold on disk (shared by every build of this
   * machine); past it, what was used least recently is removed.
   */
  npmCacheMaxBytes: number;
}

export const BUILD_VARIABLES = {
  BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  BUILD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  NPM_REGISTRY: z.url().default('https://registry.npmjs.org'),
  NPM_CACHE_MAX_MB: z.coerce
    .number()
    .int()
    .min(64)
    .default(4 * 1024),
};

type BuildVariables = z.infer<z.ZodObject<typeof BUILD_VARIABLES>>;

export function buildSettings(e: BuildVariables): BuildSettings {
  return {
    buildConcurrency: e.BUILD_CONCURRENCY,
    buildTimeoutMs: e.BUILD_TIMEOUT_MS,
    npmRegistry: e.NPM_REGISTRY,
    npmCacheMaxBytes: e.NPM_CACHE_MAX_MB * 1024 * 1024,
  };
}
