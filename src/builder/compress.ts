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
 * Gzip and brotli, inside the time a deploy may take: small files (the page, its stylesheet)
 * at brotli's quality 10, within a few percent of 11 at a fraction of its time, larger ones
 * (an artifact's bundle) at quality 6, which is a hundred times faster than 11 on a 600 KB
 * bundle and still beats gzip's best by about a tenth.
 *
 * Synchronous on purpose: the builder runs in a build thread of its own, at a lower CPU
 * priority. The asynchronous forms would run on libuv's four threads, shared by the whole
 * process at normal priority, where a large site's six hundred files once held every
 * file read of the server, and every other deploy, back by a third of a second.
 */
export function compressText(content: Uint8Array): { gzip: Uint8Array; br: Uint8Array } {
  const quality = content.byteLength > HIGH_QUALITY_MAX_BYTES ? 6 : 10;
  const gz = gzipSync(content, { level: 6 });
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(content.byteLength),
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
    },
  });
  return { gzip: new Uint8Array(gz), br: new Uint8Array(br) };
}
