import yauzl from 'yauzl';
import { MAX_SITE_FILES, MAX_UNPACKED_BYTES } from '../shared/limits';
import { BuildError } from './types';

export const ZIP_LIMITS = { maxFiles: MAX_SITE_FILES, maxBytes: MAX_UNPACKED_BYTES } as const;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

function refuse(message: string): never {
  throw new BuildError(message);
}

/**
 * The site path a zip entry names, in one spelling: `./a`, `a/./b`, `a//b` and `a\b` are
 * all `a/b` (zip tools write each of them); a folder keeps its trailing slash. Refuses an
 * absolute name and any `..` (as yauzl does too), so nothing climbs out of the root.
 */
export function normalizeEntryName(name: string): string {
  if (name.includes('\0')) refuse(`The zip contains a file name with a NUL byte.`);
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    refuse(`The zip contains an absolute path ("${name}"), which is not allowed.`);
  }
  const all = slashed.split('/');
  if (all.includes('..')) {
    refuse(`The zip contains a path that leaves the folder ("${name}"), which is not allowed.`);
  }
  const segments = all.filter((segment) => segment !== '' && segment !== '.');
  const folder = slashed.endsWith('/') || all.at(-1) === '.';
  return segments.join('/') + (folder && segments.length > 0 ? '/' : '');
}

/**
 * Extracts a zip in memory, refusing anything that could escape the site's root or blow up:
 * sizes are counted on the bytes really inflated, not the sizes the zip claims.
 */
export function extractZip(
  bytes: Uint8Array,
  limits = ZIP_LIMITS,
): Promise<Map<string, Uint8Array>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes),
      { lazyEntries: true, strictFileNames: false },
      (err, zip) => {
        if (err || !zip)
          return reject(
            new BuildError(
              `This file is not a readable zip archive (${err?.message ?? 'unknown error'}).`,
            ),
          );
        const files = new Map<string, Uint8Array>();
        let total = 0;
        const fail = (e: unknown) => {
          zip.close();
          reject(asBuildError(e));
        };
        zip.on('error', fail);
        zip.on('end', () => resolve(files));
        zip.on('entry', (entry: yauzl.Entry) => {
          try {
            const name = normalizeEntryName(entry.fileName);
            const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
            // `./` alone names the root itself: nothing to extract.
            const isDir = name === '' || name.endsWith('/');
            if (mode !== 0 && mode !== S_IFREG && mode !== S_IFDIR) {
              refuse(
                `The zip contains a link or special file ("${entry.fileName}"); only plain files and folders are allowed.`,
              );
            }
            if (isDir || name.startsWith('__MACOSX/') || name.endsWith('.DS_Store'))
              return zip.readEntry();
            if (files.size >= limits.maxFiles)
              refuse(`The zip has more than ${limits.maxFiles} files.`);
            zip.openReadStream(entry, (e, stream) => {
              if (e || !stream) return fail(e ?? new Error('no stream'));
              const chunks: Buffer[] = [];
              stream.on('data', (chunk: Buffer) => {
                total += chunk.length;
                if (total > limits.maxBytes) {
                  stream.destroy();
                  fail(
                    new BuildError(
                      `The zip unpacks to more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB, which is over the limit (it may be a zip bomb).`,
                    ),
                  );
                  return;
                }
                chunks.push(chunk);
              });
              stream.on('error', fail);
              stream.on('end', () => {
                if (total > limits.maxBytes) return;
                files.set(`/${name}`, new Uint8Array(Buffer.concat(chunks)));
                zip.readEntry();
              });
            });
          } catch (e) {
            fail(e);
          }
        });
        zip.readEntry();
      },
    );
  });
}

function asBuildError(e: unknown): BuildError {
  if (e instanceof BuildError) return e;
  const text = (e as Error).message ?? String(e);
  // yauzl's own checks, said the way ours are
  if (/invalid relative path|absolute path/.test(text)) {
    return new BuildError(
      `The zip contains a path that leaves the folder (${text}), which is not allowed.`,
    );
  }
  if (/too many bytes/.test(text)) {
    return new BuildError(
      'A file in the zip unpacks to more than it declares, as a zip bomb does: refused.',
    );
  }
  return new BuildError(`The zip could not be read: ${text}`);
}

/** A zip whose every file sits in one folder is treated as if that folder were the root. */
export function unwrapSingleFolder(files: Map<string, Uint8Array>): Map<string, Uint8Array> {
  const tops = new Set([...files.keys()].map((p) => p.split('/')[1]));
  const [top] = tops;
  if (tops.size !== 1 || !top || [...files.keys()].some((p) => p === `/${top}`)) return files;
  return new Map([...files].map(([p, c]) => [p.slice(top.length + 1), c]));
}
