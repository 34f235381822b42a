import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_TYPES =
  /^(text\/|application\/(javascript|json|xml|wasm|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(contentType: string): boolean {
  return TEXT_TYPES.test(contentType);
}

/** Up to this size brotli's quality 10 costs a millisecond or two; beyond, it costs seconds. */
export const HIGH_QUALITY_MAX_BYTES = 16 * 1024;

/**
 * Brotli's window, as small as the file allows (between 2^10 and 2^24 bytes). A window
 * larger than the file finds nothing more, yet the encoder still sets it up: at the default
 * 4 MB that setup was most of the cost of a small page, and half of a bundle's.
 */
function windowBits(bytes: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes + 1))));
}

/**
 * How hard to compress:
 * - `fast` is what a deploy publishes first: brotli's quality 4 and gzip's level 1 cost a few
 *   milliseconds even for a bundle, which is most of what compressing added to a paste's
 *   deploy. The site is live at once; its files are compressed again at `best` in the
 *   background and the smaller variants take their place (pipeline/recompression.ts).
 * - `balanced` is for a build too large to compress twice (FAST_FIRST_MAX_BYTES): small files
 *   at brotli's quality 10, within a few percent of 11 at a fraction of its time, larger ones
 *   at quality 6, a hundred times faster than 11 on a 600 KB bundle and still about a tenth
 *   smaller than gzip's best.
 * - `best` is brotli's quality 11 and gzip's level 9: a 600 KB bundle takes about a second,
 *   spent by a background thread, and comes out about a seventh smaller than `fast`.
 */
export type CompressionEffort = 'fast' | 'balanced' | 'best';

/**
 * Builds with at most this many bytes to compress are published `fast` and compressed again
 * at `best` afterwards: what an assistant's paste or a small project makes. Larger sites keep
 * `balanced`: compressing megabytes at `best` would keep a background thread busy for minutes.
 */
export const FAST_FIRST_MAX_BYTES = 2 * 1024 * 1024;

/** Above this size a file's `best` brotli is quality 9: 11 would take seconds per megabyte. */
const BEST_MAX_BYTES = 1024 * 1024;

function qualities(bytes: number, effort: CompressionEffort): { br: number; gzip: number } {
  if (effort === 'fast') return { br: 4, gzip: 1 };
  if (effort === 'best') return { br: bytes > BEST_MAX_BYTES ? 9 : 11, gzip: 9 };
  return { br: bytes > HIGH_QUALITY_MAX_BYTES ? 6 : 10, gzip: 6 };
}

/**
 * Gzip and brotli variants of a text file.
 *
 * Synchronous on purpose: the builder runs in a build thread of its own, at a lower CPU
 * priority. The asynchronous forms would run on libuv's four threads, shared by the whole
 * process at normal priority, where a large site's six hundred files once held every
 * file read of the server, and every other deploy, back by a third of a second.
 */
export function compressText(
  content: Uint8Array,
  effort: CompressionEffort = 'balanced',
): { gzip: Uint8Array; br: Uint8Array } {
  const quality = qualities(content.byteLength, effort);
  const gz = gzipSync(content, { level: quality.gzip });
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality.br,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(content.byteLength),
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
    },
  });
  return { gzip: new Uint8Array(gz), br: new Uint8Array(br) };
}
