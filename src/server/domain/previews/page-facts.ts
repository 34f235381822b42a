// What a generated card takes from the page itself: its title and the colour it is dressed in.
// Read from the built HTML with a few patterns, not a parser: a card only needs a good guess.

export interface PageFacts {
  title: string | null;
  description: string | null;
  /** A CSS colour in #rrggbb: the theme-color meta, else the first background the page sets. */
  colour: string | null;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

function decode(text: string): string {
  return text
    .replace(/&(#?\w+);/g, (whole, name: string) => {
      if (ENTITIES[name]) return ENTITIES[name];
      if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
      if (/^#x[0-9a-f]+$/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
      return whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function metaContent(html: string, name: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const named = /\b(?:name|property)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (named !== name) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content?.[1] ?? content?.[2] ?? content?.[3];
    if (value?.trim()) return decode(value);
  }
  return null;
}

/** #rgb, #rrggbb, rgb(r, g, b) or a few common names, as #rrggbb; null for anything else. */
export function hexColour(value: string): string | null {
  const v = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const long = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/.exec(v);
  if (long) return `#${long[1]}`;
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(v);
  if (rgb) {
    return `#${[rgb[1], rgb[2], rgb[3]]
      .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'))
      .join('')}`;
  }
  const named: Record<string, string> = {
    black: '#000000',
    white: '#ffffff',
    navy: '#000080',
    teal: '#008080',
    purple: '#800080',
    maroon: '#800000',
  };
  return named[v] ?? null;
}

/** The first colour a stylesheet or inline style in the page gives a background. */
function firstBackground(html: string): string | null {
  for (const m of html.matchAll(/background(?:-color)?\s*:\s*([^;}"'\n]+)/gi)) {
    const value = m[1] ?? '';
    for (const candidate of value.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|\b[a-z]+\b/gi) ?? []) {
      const hex = hexColour(candidate);
      if (hex) return hex;
    }
  }
  return null;
}

export function pageFacts(html: string): PageFacts {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  const theme = metaContent(html, 'theme-color');
  return {
    title: title && decode(title) ? decode(title) : (metaContent(html, 'og:title') ?? null),
    description: metaContent(html, 'description') ?? metaContent(html, 'og:description'),
    colour: (theme && hexColour(theme)) ?? firstBackground(html),
  };
}
