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
  /** Whether web nodes make link previews at all (LINK_PREVIEWS). */
  linkPreviews: boolean;
  /**
   * The Chromium that takes link previews' screenshots (PREVIEW_CHROMIUM); null: off, every
   * preview is a generated card. A path that does not exist counts as off.
   */
  previewChromium: string | null;
  /** A screenshot taking longer is given up (its browser killed) for the generated card. */
  previewTimeoutMs: number;
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
  LINK_PREVIEWS: z.enum(['true', 'false']).default('true'),
  PREVIEW_CHROMIUM: z.string().default('/usr/bin/chromium'),
  PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
};

type BuildVariables = z.infer<z.ZodObject<typeof BUILD_VARIABLES>>;

export function buildSettings(e: BuildVariables): BuildSettings {
  return {
    buildConcurrency: e.BUILD_CONCURRENCY,
    buildTimeoutMs: e.BUILD_TIMEOUT_MS,
    npmRegistry: e.NPM_REGISTRY,
    npmCacheMaxBytes: e.NPM_CACHE_MAX_MB * 1024 * 1024,
    linkPreviews: e.LINK_PREVIEWS === 'true',
    previewChromium: ['', 'off', 'none'].includes(e.PREVIEW_CHROMIUM.trim().toLowerCase())
      ? null
      : e.PREVIEW_CHROMIUM.trim(),
    previewTimeoutMs: e.PREVIEW_TIMEOUT_MS,
  };
}
