import { createHash } from 'node:crypto';
import mime from 'mime-types';
import { compressText, isCompressible } from './compress';
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
  const file: BuiltFile = { path, content, contentType, sha256: sha256(content), immutable };
  if (isCompressible(contentType) && content.byteLength > 0)
    Object.assign(file, compressText(content));
  return file;
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
