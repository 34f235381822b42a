import { SiteFilesSchema, normalizeSitePath } from '../shared/site-files';
import { BuildError } from './types';
import { normalizeEntryName } from './zip';

/**
 * The files of a stored file list (a deploy_artifact call), decoded here in the build's own
 * thread. The list was checked when it came in; it is checked again because a stored source
 * is only bytes, and the same rules bound what a build will unpack.
 */
export function readFileList(text: string): Map<string, Uint8Array> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BuildError('The list of files could not be read.');
  }
  const checked = SiteFilesSchema.safeParse((parsed as { files?: unknown } | null)?.files);
  if (!checked.success) {
    throw new BuildError(checked.error.issues[0]?.message ?? 'The list of files is not valid.');
  }
  const files = new Map<string, Uint8Array>();
  for (const file of checked.data) {
    const name = normalizeEntryName(normalizeSitePath(file.path));
    const bytes = Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8');
    files.set(`/${name}`, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  return files;
}
