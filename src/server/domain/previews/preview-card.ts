import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../../shared/link-previews';

// The generated card: the site's title in large type on the site's colour, its address below,
// written as SVG and rasterised by resvg (WebAssembly: nothing native to install). The font is
// shipped in an npm package so a card looks the same on every machine, fonts installed or not.

export interface CardFacts {
  title: string;
  /** The line under the title: the site's address. */
  caption: string;
  /** #rrggbb */
  background: string;
}

/** The brand's colour (tailwind brand-600), for a page that names none. */
export const BRAND_COLOUR = '#2046eb';

const require = createRequire(import.meta.url);
let ready: Promise<{ bold: Uint8Array; regular: Uint8Array }> | null = null;

function load() {
  ready ??= (async () => {
    const [wasm, bold, regular] = await Promise.all([
      readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')),
      readFile(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
      readFile(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
    ]);
    await initWasm(wasm);
    return { bold, regular };
  })();
  // a failed start is tried again on the next card, not remembered
  ready.catch(() => (ready = null));
  return ready;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** Relative luminance (WCAG) of #rrggbb. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** Mixes #rrggbb toward black (amount < 0) or white (amount > 0). */
function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const k = Math.abs(amount);
  return `#${[1, 3, 5]
    .map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16);
      return Math.round(c + (target - c) * k)
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

/** Breaks a title into at most three lines of about `width` characters, the last cut with "…". */
export function titleLines(title: string, width: number, most = 3): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (line && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else {
      line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length > most) {
    const kept = lines.slice(0, most);
    kept[most - 1] = `${(kept[most - 1] ?? '').slice(0, width - 1).trimEnd()}…`;
    return kept;
  }
  return lines;
}

export function cardSvg(facts: CardFacts): string {
  const dark = luminance(facts.background) < 0.4;
  const ink = dark ? '#ffffff' : '#111827';
  const soft = dark ? 'rgba(255,255,255,0.75)' : 'rgba(17,24,39,0.7)';
  const deep = shade(facts.background, dark ? -0.35 : -0.12);
  const long = facts.title.length > 40;
  const size = long ? 64 : 84;
  const lines = titleLines(facts.title, long ? 28 : 22);
  const lineHeight = Math.round(size * 1.15);
  const top = 315 - ((lines.length - 1) * lineHeight) / 2 - 10;
  const text = lines
    .map(
      (l, i) =>
        `<text x="96" y="${Math.round(top + i * lineHeight)}" font-family="Inter" font-weight="700" font-size="${size}" fill="${ink}">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${facts.background}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<rect x="96" y="96" width="96" height="12" rx="6" fill="${ink}" opacity="0.85"/>
${text}
<text x="96" y="${PREVIEW_HEIGHT - 88}" font-family="Inter" font-weight="400" font-size="32" fill="${soft}">${escapeXml(facts.caption)}</text>
</svg>`;
}

/** The card as a 1200×630 PNG. */
export async function renderCard(facts: CardFacts): Promise<Buffer> {
  const fonts = await load();
  const resvg = new Resvg(cardSvg(facts), {
    font: {
      fontBuffers: [fonts.bold, fonts.regular],
      defaultFontFamily: 'Inter',
      sansSerifFamily: 'Inter',
    },
    fitTo: { mode: 'original' },
  });
  try {
    const image = resvg.render();
    try {
      return Buffer.from(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
