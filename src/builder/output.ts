import { createHash } from 'node:crypto';
import mime from 'mime-types';
import { compressText, FAST_FIRST_MAX_BYTES, isCompressible } from './compress';
import type { BuiltFile, ManifestEntry } from './types';

export function sha256(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

export function contentTypeOf(file: string): string {
  const type = mime.lookup(file) || 'application/octet-stream';
  return /^(text\/|application\/(javascript|json))/.test(type) ? `${type}; charset=utf-8` : type;
}

export async function makeFile(
  path: string,
  content: Uint8Array,
  immutable: boolean,
): Promise<BuiltFile> {
  const contentType = contentTypeOf(path);
  return { path, content, contentType, sha256: sha256(content), immutable };
}

function compressible(file: BuiltFile): boolean {
  return isCompressible(file.contentType) && file.content.byteLength > 0;
}

/**
 * Gives a build's text files their gzip and brotli variants, once all are made: how hard
 * depends on how much there is (compress.ts). `check` runs between files, so a stopped
 * build of many files ends at its next one.
 */
export async function compressFiles(
  files: BuiltFile[],
  check: () => Promise<void>,
): Promise<'fast' | 'balanced'> {
  const texts = files.filter(compressible);
  const bytes = texts.reduce((n, f) => n + f.content.byteLength, 0);
  const effort = bytes <= FAST_FIRST_MAX_BYTES ? 'fast' : 'balanced';
  for (const file of texts) {
    await check();
    Object.assign(file, compressText(file.content, effort));
  }
  return effort;
}

export function manifestEntries(files: BuiltFile[]): ManifestEntry[] {
  return files.map((f) => ({
    path: f.path,
    size: f.content.byteLength,
    contentType: f.contentType,
    sha256: f.sha256,
    immutable: f.immutable,
  }));
}

export function hashName(base: string, ext: string, content: Uint8Array): string {
  return `assets/${base}-${sha256(content).slice(0, 10)}${ext}`;
}
