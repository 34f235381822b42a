import { z } from 'zod';
import { MAX_CODE_CHARS, MAX_SITE_FILES, MAX_SITE_PATH_CHARS } from './limits';

// A site's source as its builder received it, for the editor in the browser, and the edit
// that comes back as a new version of the same site.

export const SOURCE_KINDS = ['code', 'html', 'zip', 'files'] as const;
export type EditableSourceKind = (typeof SOURCE_KINDS)[number];

/**
 * A file larger than this is listed but not editable: the editor is for the code a person
 * or an assistant wrote, not for bundles and data files, and the answer must stay small.
 */
export const MAX_EDITABLE_FILE_BYTES = 1024 * 1024;

export const SourceFileSchema = z.object({
  path: z.string(),
  /** The file's text; null for a binary file or one too large to edit. */
  text: z.string().nullable(),
  /** In bytes. */
  size: z.number(),
});
export type SourceFile = z.infer<typeof SourceFileSchema>;

export const SiteSourceSchema = z.object({
  /** 'code': pasted; 'html': an uploaded page; 'zip': an uploaded archive; 'files': a list of files sent by an assistant. */
  kind: z.enum(SOURCE_KINDS),
  /** The uploaded file's name, when there was one. */
  name: z.string().nullable(),
  files: z.array(SourceFileSchema),
});
export type SiteSource = z.infer<typeof SiteSourceSchema>;

export const SiteSourceResponseSchema = z.object({
  /** The version this source was built into. */
  deployment: z.object({ id: z.string(), version: z.number(), isLive: z.boolean() }),
  source: SiteSourceSchema,
});
export type SiteSourceResponse = z.infer<typeof SiteSourceResponseSchema>;

export const SourceQuerySchema = z.object({ deploymentId: z.string().min(1).max(100).optional() });

export const EDIT_MESSAGES = {
  noFiles: 'Please change at least one file before deploying.',
  unknownFile: 'is not a file of this version that can be edited.',
  duplicate: 'is sent twice.',
  tooLong: `The code is too long. The maximum is ${MAX_CODE_CHARS.toLocaleString('en-US')} characters.`,
  sourceGone:
    'The source of this version is no longer stored, so it cannot be edited. Deploy a new version first.',
  nothingYet: 'This site has no version to edit yet.',
} as const;

/** The refusal of an edit made to an older version than the live one. */
export const newerVersionLiveMessage = (base: number, live: number) =>
  `Version ${live} of this site went live after version ${base}, the one you edited. Deploying your changes would replace it with version ${base} plus your changes.`;

/** What NEWER_VERSION_LIVE says beside its message, for the editor to offer both ways on. */
export const NewerVersionLiveDetailsSchema = z.object({
  baseVersion: z.number(),
  liveVersion: z.number(),
  liveDeploymentId: z.string(),
});
export type NewerVersionLiveDetails = z.infer<typeof NewerVersionLiveDetailsSchema>;

export const EditDeployRequestSchema = z.object({
  /** The version the edits were made to; its other files are kept as they were. */
  baseDeploymentId: z.string().min(1).max(100),
  files: z
    .array(
      z.object({
        path: z.string().min(1).max(MAX_SITE_PATH_CHARS),
        text: z.string(),
      }),
    )
    .min(1, EDIT_MESSAGES.noFiles)
    .max(MAX_SITE_FILES),
  /**
   * Deploy even though a newer version than the base went live since (someone else's deploy,
   * or one from another tab): without it such an edit is refused with NEWER_VERSION_LIVE.
   */
  replaceNewer: z.boolean().optional(),
});
export type EditDeployRequest = z.infer<typeof EditDeployRequestSchema>;

/** Where the builder pointed in a failed build's message. */
export interface BuildErrorLocation {
  /** The file as the source lists it; null for pasted code (its one file). */
  file: string | null;
  line: number;
  /** 1-based, as the message says it. */
  column: number;
  /** The message's first line: what is wrong. */
  summary: string;
}

/**
 * Reads where a failed build's message points. The builder writes "There is a mistake in
 * <file> on line L, column C: …" (builder/errors.ts), or the pipeline appends "(line L,
 * column C)"; the stored message is the only record of it, so the editor reads it back.
 */
export function buildErrorLocation(message: string | null): BuildErrorLocation | null {
  if (!message) return null;
  const summary = message.split('\n')[0] ?? message;
  const mistake = /^There is a mistake in (.+?) on line (\d+), column (\d+):/.exec(message);
  if (mistake) {
    const [, where = '', line = '1', column = '1'] = mistake;
    const pasted = where === 'your code' || where === 'the page';
    return { file: pasted ? null : where, line: Number(line), column: Number(column), summary };
  }
  const appended = /\(line (\d+), column (\d+)\)\s*$/.exec(message);
  if (appended) {
    const [, line = '1', column = '0'] = appended;
    return { file: null, line: Number(line), column: Number(column) + 1, summary };
  }
  return null;
}
