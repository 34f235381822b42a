import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository root (src/builder/vendor → ../../..), where node_modules lives. */
export const REPO_ROOT = path.resolve(here, '../../..');
export const RUNTIME_DIR = path.resolve(here, '../runtime');
/** Git-ignored; every deployment copies what it uses from here, so it can be rebuilt any time. */
export const DEFAULT_VENDOR_DIR = path.join(REPO_ROOT, 'node_modules/.cache/artifact-vendor');
export const DEFAULT_NPM_CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/artifact-npm');
