import { makeFile } from './output';
import type { BuiltFile } from './types';

/** A neutral rounded square in a 16×16 icon, drawn as the ICO format's 32-bit bitmap. */
function drawIcon(): Uint8Array {
  const size = 16;
  const pixels = size * size * 4;
  const mask = size * 4; // one bit per pixel, rows padded to 32 bits
  const image = 40 + pixels + mask;
  const bytes = new Uint8Array(6 + 16 + image);
  const view = new DataView(bytes.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  bytes[6] = size;
  bytes[7] = size;
  view.setUint16(10, 1, true); // planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, image, true);
  view.setUint32(18, 22, true); // image offset
  const bmp = 22;
  view.setUint32(bmp, 40, true);
  view.setInt32(bmp + 4, size, true);
  view.setInt32(bmp + 8, size * 2, true); // colour rows plus mask rows
  view.setUint16(bmp + 12, 1, true);
  view.setUint16(bmp + 14, 32, true);
  view.setUint32(bmp + 20, pixels + mask, true);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const edge = Math.min(x, y, size - 1 - x, size - 1 - y);
      const corner = (x < 2 || x > size - 3) && (y < 2 || y > size - 3) && edge === 0;
      const at = bmp + 40 + (y * size + x) * 4;
      if (edge < 1 || corner) continue; // transparent border
      bytes.set([0xe2, 0x6f, 0x4a, 0xff], at); // BGRA: a calm slate-blue
    }
  }
  return bytes;
}

let icon: Promise<BuiltFile> | undefined;

/** Served at /favicon.ico when the artifact has none, so browsers log no 404 for it. */
export function defaultFavicon(): Promise<BuiltFile> {
  icon ??= makeFile('favicon.ico', drawIcon(), false);
  return icon;
}
