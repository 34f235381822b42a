// Constants both sides enforce, and every door of a deploy with them: the upload route, the
// paste route, the MCP tool's file list and the builder's unpacking read these, never copies.

/** One uploaded .html or .zip; also the decoded total of deploy_artifact's `files`. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.html', '.zip'] as const;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Pasted code: assistants' largest artifacts are a tenth of this; every build also stops at
 * BUILD_TIMEOUT_MS, and a shorter paste keeps a hostile one from using it all.
 */
export const MAX_CODE_CHARS = 500_000;
/**
 * Files one site is built from, however they arrive (a zip's entries, deploy_artifact's list):
 * far more than a hand-made site has, and few enough that no step handling them one by one
 * holds the server for long.
 */
export const MAX_SITE_FILES = 1000;
/** What a zip may unpack to: five times the upload, room for text that compresses well. */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** One file's path inside a site, in characters. */
export const MAX_SITE_PATH_CHARS = 512;
