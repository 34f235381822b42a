// Constants both sides enforce (SPEC.md sections 5 and 9).
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.html', '.zip'] as const;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Pasted code: assistants' largest artifacts are a tenth of this; every build also stops at
 * BUILD_TIMEOUT_MS, and a shorter paste keeps a hostile one from using it all.
 */
export const MAX_CODE_CHARS = 500_000;
