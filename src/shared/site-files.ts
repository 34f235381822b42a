import { z } from 'zod';
import { MAX_SITE_FILES, MAX_SITE_PATH_CHARS, MAX_UPLOAD_BYTES } from './limits';
import { hasControlCharacter } from './names';

// A site given as a list of files (deploy_artifact's `files`): the rules every such list meets
// before anything is done with it, checked on the list as it came, without decoding a byte.

/** The path as the site will serve it: `\` read as `/`, a leading `./` dropped. */
export function normalizeSitePath(raw: string): string {
  return raw.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/**
 * Why a path cannot name a file inside the site, or null when it can. Only plain relative
 * paths: nothing absolute (`/x`, `C:/x`, `C:x`), nothing climbing out (`..`), no empty or
 * `.` steps, no control characters (they end up in logs and listings).
 */
export function sitePathProblem(raw: string): string | null {
  const relative = `"${raw.slice(0, 80)}" is not a relative file path inside the site (such as "index.html" or "css/style.css")`;
  if (raw.length > MAX_SITE_PATH_CHARS) {
    return `A file path is longer than ${MAX_SITE_PATH_CHARS} characters.`;
  }
  if (hasControlCharacter(raw)) return 'A file path contains a control character.';
  const path = normalizeSitePath(raw);
  if (!path || path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return `${relative}.`;
  if (path.split('/').some((step) => step === '' || step === '.' || step === '..')) {
    return `${relative}.`;
  }
  return null;
}

export const SITE_FILE_ENCODINGS = ['utf8', 'base64'] as const;
export type SiteFileEncoding = (typeof SITE_FILE_ENCODINGS)[number];

export interface SiteFile {
  path: string;
  content: string;
  encoding?: SiteFileEncoding | undefined;
}

// The standard and URL-safe alphabets, padding, and the line breaks some encoders add.
const BASE64 = /^[A-Za-z0-9+/\-_=\s]*$/;

/** The bytes a file's content stands for, counted without decoding it (as UTF-8, or base64). */
export function decodedBytes(file: SiteFile): number {
  const text = file.content;
  if (file.encoding === 'base64') {
    let digits = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // everything but padding and white space carries six bits
      if (c !== 61 && c !== 32 && c !== 9 && c !== 10 && c !== 13) digits++;
    }
    return Math.floor((digits * 3) / 4);
  }
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      // a surrogate pair is one character of four bytes; a lone half is written as three
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export const SITE_FILES_MESSAGES = {
  tooMany: `Too many files: a site can have at most ${MAX_SITE_FILES.toLocaleString('en-US')}.`,
  tooLarge: `These files are too large together. The maximum is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  empty: '`files` is empty: give at least an index.html.',
  badBase64: 'is marked "base64" but its content is not base64.',
} as const;

export const SiteFileSchema = z.object({
  path: z
    .string()
    .min(1)
    .superRefine((path, ctx) => {
      const problem = sitePathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe('Path inside the site, such as "index.html" or "css/site.css".'),
  content: z.string().describe('The file content: text, or base64 when encoding is "base64".'),
  encoding: z
    .enum(SITE_FILE_ENCODINGS)
    .optional()
    .describe('"base64" for binary files such as images; text otherwise.'),
});

/**
 * At most MAX_SITE_FILES files of at most MAX_UPLOAD_BYTES together (as decoded), each path
 * once. (A server taking the list over HTTP counts it before this parses every entry:
 * tooManyFiles.)
 */
export const SiteFilesSchema = z
  .array(SiteFileSchema)
  .max(MAX_SITE_FILES, SITE_FILES_MESSAGES.tooMany)
  .superRefine((files, ctx) => {
    if (files.length === 0) ctx.addIssue({ code: 'custom', message: SITE_FILES_MESSAGES.empty });
    let total = 0;
    const seen = new Set<string>();
    for (const [index, file] of files.entries()) {
      if (file.encoding === 'base64' && !BASE64.test(file.content)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'content'],
          message: `The file "${file.path.slice(0, 80)}" ${SITE_FILES_MESSAGES.badBase64}`,
        });
      }
      total += decodedBytes(file);
      const path = normalizeSitePath(file.path);
      if (seen.has(path)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'path'],
          message: `The file "${path.slice(0, 80)}" is given twice.`,
        });
      }
      seen.add(path);
    }
    if (total > MAX_UPLOAD_BYTES) {
      ctx.addIssue({ code: 'custom', message: SITE_FILES_MESSAGES.tooLarge });
    }
  });

/** Whether a refusal of SiteFilesSchema is about size (413) rather than form (400). */
export function isSizeRefusal(message: string): boolean {
  return message === SITE_FILES_MESSAGES.tooMany || message === SITE_FILES_MESSAGES.tooLarge;
}

/** The count alone, for a list as it came off the wire: refused before any entry is parsed. */
export function tooManyFiles(files: unknown): boolean {
  return Array.isArray(files) && files.length > MAX_SITE_FILES;
}

/**
 * A checked list as the deploy stores it and the builder reads it: the files as they came,
 * content still encoded, so nothing is decoded or archived on the way in.
 */
export function encodeSiteFiles(files: SiteFile[]): Uint8Array {
  const stored = files.map((f) => ({
    path: normalizeSitePath(f.path),
    content: f.content,
    ...(f.encoding === 'base64' ? { encoding: 'base64' as const } : {}),
  }));
  return new TextEncoder().encode(JSON.stringify({ files: stored }));
}
