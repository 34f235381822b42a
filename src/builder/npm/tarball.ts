import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { BuildError } from '../types';

/** The path inside the package of a tar entry, or null when it must not be written. */
function packagePath(full: string): string | null {
  const name = full.replace(/\\/g, '/').replace(/^[^/]+\//, '');
  if (!name || name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return null;
  if (name.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
  return name;
}

/**
 * Unpacks the regular files of an npm tarball (.tgz) into `dir`, paths with npm's leading
 * `package/` removed, streaming: one file at a time passes through memory, never the package.
 * Links, devices and any path that would leave `dir` are skipped. A package unpacking past
 * `maxBytes` (a gzip bomb, or a package larger than the whole package cache) is refused.
 * Returns the bytes written.
 */
export async function extractTarball(
  tgz: Uint8Array,
  dir: string,
  maxBytes: number,
): Promise<number> {
  const extract = tar.extract();
  const gunzip = createGunzip();
  let total = 0;
  let failure: BuildError | undefined;
  const tooBig = () =>
    (failure = new BuildError(
      `A package unpacks to more than ${Math.round(maxBytes / 1024 / 1024)} MB, which is too large to use here.`,
    ));
  const source = pipeline(Readable.from([tgz]), gunzip, extract).catch((err: unknown) => {
    if (err instanceof BuildError) throw err;
    throw new BuildError(`A package from npm could not be unpacked (${(err as Error).message}).`);
  });
  const entries = (async () => {
    for await (const entry of extract) {
      const { type, name: full } = entry.header;
      const name = type === 'file' || type === 'contiguous-file' ? packagePath(full) : null;
      if (!name) {
        entry.resume();
        continue;
      }
      const target = path.join(dir, name);
      await mkdir(path.dirname(target), { recursive: true });
      const counted = async function* (chunks: AsyncIterable<unknown>) {
        for await (const chunk of chunks as AsyncIterable<Buffer>) {
          total += chunk.length;
          if (total > maxBytes) throw tooBig();
          yield chunk;
        }
      };
      await pipeline(entry, counted, createWriteStream(target));
    }
  })();
  try {
    await Promise.all([source, entries]);
  } catch (err) {
    extract.destroy();
    gunzip.destroy();
    await Promise.allSettled([source, entries]);
    // the bound, when it was passed: the streams' own complaints follow from stopping them
    if (failure) throw failure;
    throw err instanceof BuildError
      ? err
      : new BuildError(`A package from npm could not be unpacked (${(err as Error).message}).`);
  }
  return total;
}
