import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { BuildError } from '../types';

/**
 * Regular files of an npm tarball (.tgz), paths with npm's leading `package/` removed.
 * Links, devices and any path that would leave the package folder are skipped.
 */
export async function readTarball(
  tgz: Uint8Array,
  maxBytes: number,
): Promise<Map<string, Uint8Array>> {
  let raw: Buffer;
  try {
    raw = gunzipSync(tgz, { maxOutputLength: maxBytes });
  } catch (err) {
    const tooBig = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new BuildError(
      tooBig
        ? `A package unpacks to more than ${Math.round(maxBytes / 1024 / 1024)} MB, which is too large to use here.`
        : `A package from npm could not be unpacked (${(err as Error).message}).`,
    );
  }
  const files = new Map<string, Uint8Array>();
  const extract = tar.extract();
  Readable.from([raw]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const { type, name: full } = entry.header;
    if (type !== 'file' && type !== 'contiguous-file') continue;
    const name = full.replace(/\\/g, '/').replace(/^[^/]+\//, '');
    if (!name || name.startsWith('/') || name.split('/').includes('..')) continue;
    files.set(name, new Uint8Array(Buffer.concat(chunks)));
  }
  return files;
}
