// Google Fonts stylesheet URLs, read into the families, weights and styles they ask for.

export interface FontRequest {
  family: string;
  /** The Fontsource package with the same font. */
  packageName: string;
  /** Weights asked for; a variable range (100..900) is listed as every hundred inside it. */
  weights: number[];
  italic: boolean[];
  /** Exactly the weight and style pairs asked for. */
  styles: { weight: number; italic: boolean }[];
}

function request(family: string, styles: { weight: number; italic: boolean }[]): FontRequest {
  const unique = [...new Map(styles.map((s) => [`${s.weight}${s.italic}`, s])).values()];
  return {
    family,
    packageName: fontsourceName(family),
    weights: [...new Set(unique.map((s) => s.weight))].sort((a, b) => a - b),
    italic: [...new Set(unique.map((s) => s.italic))],
    styles: unique,
  };
}

function fontsourceName(family: string): string {
  return `@fontsource/${family
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

function expand(value: string): number[] {
  const range = /^(\d+)\.\.(\d+)$/.exec(value);
  if (!range) return /^\d+$/.test(value) ? [Number(value)] : [];
  const out: number[] = [];
  for (let w = Math.ceil(Number(range[1]) / 100) * 100; w <= Number(range[2]); w += 100)
    out.push(w);
  return out;
}

/** css2 API: `Inter:ital,wght@0,400;1,700`, `Fraunces:opsz,wght@9..144,600`, `Roboto`. */
function readCss2(spec: string): FontRequest {
  const [family = '', axesPart] = spec.split(':');
  const styles: { weight: number; italic: boolean }[] = [];
  if (axesPart) {
    const [axesList = '', tuples = ''] = axesPart.split('@');
    const axes = axesList.split(',');
    const wght = axes.indexOf('wght');
    const ital = axes.indexOf('ital');
    for (const tuple of tuples.split(';')) {
      const values = tuple.split(',');
      const italic = ital >= 0 && values[ital] === '1';
      for (const weight of wght >= 0 ? expand(values[wght] ?? '') : [400])
        styles.push({ weight, italic });
    }
  }
  return request(family, styles.length > 0 ? styles : [{ weight: 400, italic: false }]);
}

/** The first API: `Roboto:400,700,400italic|Open+Sans`. */
function readCss1(spec: string): FontRequest[] {
  return spec.split('|').map((one) => {
    const [family = '', variants] = one.split(':');
    const styles: { weight: number; italic: boolean }[] = [];
    for (const v of (variants ?? '400').split(',')) {
      const m = /^(\d*)(i|italic)?$/.exec(v.trim());
      if (m) styles.push({ weight: m[1] ? Number(m[1]) : 400, italic: Boolean(m[2]) });
    }
    return request(family, styles);
  });
}

export function readGoogleFontsUrl(url: URL): FontRequest[] {
  const families = url.searchParams.getAll('family');
  if (url.pathname.startsWith('/css2')) return families.map(readCss2).filter((f) => f.family);
  return families.flatMap(readCss1).filter((f) => f.family);
}

/** Fontsource stylesheet names for a request: `400.css`, `700-italic.css`. */
export function fontsourceFiles(font: FontRequest): string[] {
  return font.styles.map((s) => `${s.weight}${s.italic ? '-italic' : ''}.css`);
}

/**
 * Google's stylesheet for its icon fonts also defines the class pages use (`material-icons`,
 * `material-symbols-outlined`), which turns ligatures on; Fontsource ships only the font.
 */
export function iconFontClass(family: string): string | null {
  if (!/^Material (Icons|Symbols)\b/.test(family)) return null;
  const className = family.toLowerCase().replace(/\s+/g, '-');
  return `.${className} {
  font-family: '${family}';
  font-weight: normal;
  font-style: normal;
  font-size: 24px;
  line-height: 1;
  letter-spacing: normal;
  text-transform: none;
  display: inline-block;
  white-space: nowrap;
  word-wrap: normal;
  direction: ltr;
  font-feature-settings: 'liga';
  -webkit-font-feature-settings: 'liga';
  -webkit-font-smoothing: antialiased;
}
`;
}
