import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PackageFetcher } from './npm/package-files';
import { REPO_ROOT, RUNTIME_DIR } from './paths';

/**
 * lucide-react 1.0 dropped the brand icons (Github, Twitter, Figma, …) that assistants still
 * write; this is the last release that had them.
 */
export const LUCIDE_BRAND_RELEASE = '0.577.0';

const req = createRequire(path.join(REPO_ROOT, 'package.json'));
const LUCIDE_DIR = path.join(path.dirname(req.resolve('lucide-react/package.json')), 'dist/esm');
/** The installed createLucideIcon, which old icon modules are pointed at (one Icon, one React). */
export const CREATE_LUCIDE_ICON = path.join(LUCIDE_DIR, 'createLucideIcon.mjs');

/** `export { default as A, default as B } from './x'` lines of a lucide-react index. */
function exportsOf(index: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/([^']+)'/g)) {
    for (const part of m[1]!.split(',')) {
      const name = /default as (\w+)/.exec(part)?.[1];
      if (name) map.set(name, m[2]!);
    }
  }
  return map;
}

let iconFiles: Map<string, string> | undefined;

/**
 * Every name lucide-react exports (current names and the aliases of renamed icons, e.g.
 * AlertTriangle → triangle-alert) mapped to that icon's own small module.
 */
export function lucideIcons(): Map<string, string> {
  if (iconFiles) return iconFiles;
  const index = readFileSync(path.join(LUCIDE_DIR, 'lucide-react.mjs'), 'utf8');
  iconFiles = new Map([...exportsOf(index)].map(([n, f]) => [n, path.join(LUCIDE_DIR, f)]));
  return iconFiles;
}

/** Names imported as `import { A, B as C } from 'lucide-react'`, or null when it is not that simple. */
export function importedIconNames(sources: string[]): Set<string> | null {
  const names = new Set<string>();
  for (const code of sources) {
    for (const m of code.matchAll(/import\s+([^'";]*?)\s+from\s*['"]lucide-react['"]/g)) {
      const clause = m[1]!.trim().replace(/^type\s+(?=\{)/, '');
      const braces = /^\{([^}]*)\}$/.exec(clause);
      if (!braces) return null;
      for (const part of braces[1]!.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.replace(/^type\s+/, '');
        if (name) names.add(name);
      }
    }
    if (/from\s*['"]lucide-react\/|import\(\s*['"]lucide-react/.test(code)) return null;
  }
  return names;
}

let kitNames: Set<string> | undefined;

/** Icons the kit's own components import, so the icon module always has them too. */
export function kitIconNames(): Set<string> {
  if (kitNames) return kitNames;
  const texts = readdirSync(RUNTIME_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => readFileSync(path.join(RUNTIME_DIR, f), 'utf8'));
  kitNames = importedIconNames(texts) ?? new Set();
  return kitNames;
}

/** Type-only names: used as types they vanish from the bundle, so they need no warning. */
const TYPE_NAMES = /^(LucideIcon|LucideProps|IconNode|\w+Props)$/;

/** Source of brand icons from the last release that had them, keyed by the imported name. */
export type BrandIcons = Map<string, string>;

/**
 * Looks the names lucide-react no longer has up in LUCIDE_BRAND_RELEASE (fetched through the
 * package cache); returns each found icon's module source, importing today's createLucideIcon.
 */
export async function fetchBrandIcons(
  names: Iterable<string>,
  fetchPackage: PackageFetcher | undefined,
): Promise<{ icons: BrandIcons; error?: string }> {
  const icons: BrandIcons = new Map();
  const missing = [...names].filter((n) => !lucideIcons().has(n) && !TYPE_NAMES.test(n));
  if (missing.length === 0 || !fetchPackage) return { icons };
  try {
    const pkg = await fetchPackage('lucide-react', LUCIDE_BRAND_RELEASE);
    const index = await pkg.read('dist/esm/lucide-react.js');
    if (!index) return { icons };
    const old = exportsOf(new TextDecoder().decode(index));
    for (const name of missing) {
      const file = old.get(name);
      const bytes = file?.startsWith('icons/') ? await pkg.read(`dist/esm/${file}`) : undefined;
      if (!bytes) continue;
      const code = new TextDecoder()
        .decode(bytes)
        .replace(/(['"])\.\.\/createLucideIcon\.js\1/, JSON.stringify(CREATE_LUCIDE_ICON));
      icons.set(name, code);
    }
    return { icons };
  } catch (err) {
    return { icons, error: (err as Error).message };
  }
}

/**
 * A module exporting just these icons (brand icons from their virtual modules); unknown
 * names become a neutral placeholder.
 */
export function iconModule(
  names: Set<string>,
  brand: BrandIcons,
  warn: (message: string) => void,
): string {
  const icons = lucideIcons();
  const lines: string[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const file = icons.get(name);
    if (file) lines.push(`export { default as ${name} } from ${JSON.stringify(file)};`);
    else if (brand.has(name))
      lines.push(`export { default as ${name} } from ${JSON.stringify(`lucide-brand:${name}`)};`);
    else if (/^[A-Za-z_$][\w$]*$/.test(name)) missing.push(name);
  }
  const shown = missing.filter((n) => !TYPE_NAMES.test(n));
  if (shown.length > 0) {
    warn(
      `Icon${shown.length > 1 ? 's' : ''} not found in lucide-react: ${shown.join(', ')}. A plain placeholder is shown instead.`,
    );
  }
  if (missing.length > 0) {
    lines.push(`import { createElement as __h } from 'react';
const __placeholder = (n) => ({ size = 24, className, style }) => __h('svg', { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, className, style, 'aria-label': n }, __h('rect', { x: 4, y: 4, width: 16, height: 16, rx: 3 }));`);
    for (const name of missing)
      lines.push(`export const ${name} = __placeholder(${JSON.stringify(name)});`);
  }
  return lines.join('\n');
}
