import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The pipeline's worker bundle pins import.meta.url to this file, so every folder the builder
// needs is derived here and nowhere else.
const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository root (src/builder → ../..), where node_modules lives. */
export const REPO_ROOT = path.resolve(here, '../..');
export const RUNTIME_DIR = path.resolve(here, 'runtime');
/** Git-ignored; packages fetched from npm for the long tail are kept here between builds. */
export const DEFAULT_NPM_CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/artifact-npm');
