// Constants both sides enforce (SPEC.md sections 5 and 9).
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.html', '.zip'] as const;
export const PASSWORD_MIN_LENGTH = 8;
export const MAX_CODE_CHARS = 2 * 1024 * 1024;
