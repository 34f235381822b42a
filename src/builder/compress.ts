import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const TEXT_TYPES =
  /^(text\/|application\/(javascript|json|xml|wasm|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(contentType: string): boolean {
  return TEXT_TYPES.test(contentType);
}

/**
 * Gzip and brotli at once. Brotli's top quality is slow on large files, so those get a
 * level that still beats gzip by far.
 */
export async function compressText(
  content: Uint8Array,
): Promise<{ gzip: Uint8Array; br: Uint8Array }> {
  const quality = content.byteLength > 256 * 1024 ? 9 : 11;
  const [gz, br] = await Promise.all([
    gzipAsync(content, { level: 9 }),
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
  ]);
  return { gzip: new Uint8Array(gz), br: new Uint8Array(br) };
}
