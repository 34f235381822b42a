import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface PixelComparison {
  /** Share of pixels that differ, 0…1, over the larger of the two images. */
  ratio: number;
  differing: number;
  /** Red where the two differ, faded original elsewhere: for a person to look at. */
  diff: Buffer;
  sizes: string;
}

/** Puts an image on a canvas of the given size; what it does not cover stays transparent. */
function padded(png: PNG, width: number, height: number): PNG {
  if (png.width === width && png.height === height) return png;
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, 0, 0, png.width, png.height, 0, 0);
  return out;
}

/**
 * Compares two screenshots. Images of different heights (a page that grew or shrank) are
 * compared over the larger size, so every missing or extra row counts as different.
 */
export function comparePng(actual: Buffer, expected: Buffer): PixelComparison {
  const a = PNG.sync.read(actual);
  const b = PNG.sync.read(expected);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const diff = new PNG({ width, height });
  const differing = pixelmatch(
    padded(a, width, height).data,
    padded(b, width, height).data,
    diff.data,
    width,
    height,
    // anti-aliased edges are not what a person calls a difference
    { threshold: 0.1, includeAA: false },
  );
  return {
    ratio: differing / (width * height),
    differing,
    diff: PNG.sync.write(diff),
    sizes: `${a.width}×${a.height} against ${b.width}×${b.height}`,
  };
}

/** True when every pixel of the top `rows` rows has the same colour: nothing was drawn there. */
export function isOneColour(screenshot: Buffer, rows = Infinity): boolean {
  const { data, width } = PNG.sync.read(screenshot);
  const end = Math.min(data.length, rows * width * 4);
  for (let i = 4; i < end; i += 4) {
    if (
      data[i] !== data[0] ||
      data[i + 1] !== data[1] ||
      data[i + 2] !== data[2] ||
      data[i + 3] !== data[3]
    ) {
      return false;
    }
  }
  return true;
}
