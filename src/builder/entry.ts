import path from 'node:path';
import { findComponent } from './detect';
import type { BuildLog } from './log';
import { BuildError } from './types';

// Which file of a zip is the site, chosen as a person opening the folder would choose it.

const decoder = new TextDecoder();
const depth = (p: string) => p.split('/').length - 2;
const CODE = /\.(tsx|ts|jsx|js|mjs)$/;
const ENTRY_NAMES = /^\/(src\/)?(App|app|index|main)\.(tsx|jsx|ts|js)$/;

/**
 * The page a static zip opens on: the shallowest index.html, else its only .html file. A page
 * in a sub-folder beside React components elsewhere is a project's template (public/index.html
 * of Create React App), not the site.
 */
export function findStaticPage(files: Map<string, Uint8Array>): string | null {
  const pages = [...files.keys()].filter((p) => /\.html?$/i.test(p));
  const indexes = pages
    .filter((p) => /\/index\.html?$/i.test(p))
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  const page = indexes[0] ?? (pages.length === 1 ? pages[0]! : null);
  if (!page || page === '/index.html') return page;
  const dir = path.posix.dirname(page);
  const folder = dir === '/' ? '/' : `${dir}/`;
  const elsewhere = [...files.keys()].filter(
    (f) => /\.(jsx|tsx)$/.test(f) && !f.startsWith(folder),
  );
  // components the page's own scripts load (text/babel src="../components/x.jsx") are its own
  const html = decoder.decode(files.get(page));
  const loaded = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)].map((m) =>
    path.posix.join(dir, m[1]!.replace(/[?#].*$/, '')),
  );
  return elsewhere.length === 0 || elsewhere.some((f) => loaded.includes(f)) ? page : null;
}

/**
 * A static site rooted at its page's folder: that folder's files move to the top and the page
 * answers at the root (as index.html, kept under its own name too). Files outside that folder
 * keep their paths, so `../shared/x.css` from the page still lands on them.
 */
export function rootAtPage(
  files: Map<string, Uint8Array>,
  page: string,
  log: BuildLog,
): Map<string, Uint8Array> {
  const dir = path.posix.dirname(page);
  const under = dir === '/' ? '/' : `${dir}/`;
  const out = new Map<string, Uint8Array>();
  for (const [p, c] of files) if (!p.startsWith(under)) out.set(p, c);
  for (const [p, c] of files) if (p.startsWith(under)) out.set(`/${p.slice(under.length)}`, c);
  if (!/\/index\.html?$/i.test(page)) out.set('/index.html', files.get(page)!);
  if (page !== '/index.html') {
    const why = /\/index\.html?$/i.test(page) ? 'the shallowest index.html' : "the zip's only page";
    log.add('detect', `Serving ${page.slice(1)} at the site's root (${why})`);
  }
  return out;
}

/** Strips comments, and joins `export { a, b }` lists onto one line. */
function statements(code: string): string[] {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\{[^{}]*\}/g, (m) => m.replace(/\s+/g, ' '))
    .split(/;|\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A file that only gathers other modules, in either form people write:
 * `export { default as X } from './X'`, or `import X from './X'` … `export { X, Y }`.
 */
export function isBarrel(code: string): boolean {
  const lines = statements(code);
  const reexports = lines.some((s) => /^export\b.*\bfrom\s*['"]/.test(s));
  const importsThenLists =
    lines.some((s) => /^import\b.*\bfrom\s*['"]/.test(s)) &&
    lines.some((s) => /^export\s*\{[^}]*\}$/.test(s));
  return (
    lines.length > 0 &&
    (reexports || importsThenLists) &&
    lines.every(
      (s) =>
        /^(export|import)\b.*\bfrom\s*['"][^'"]+['"]$/.test(s) ||
        /^import\s*['"][^'"]+['"]$/.test(s) ||
        /^export\s*\{[^}]*\}$/.test(s) ||
        /^export\s+default\s+[\w$]+$/.test(s) ||
        /^['"]use (client|strict)['"]$/.test(s),
    )
  );
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(
  files: Map<string, Uint8Array>,
  from: string,
  spec: string,
): string | undefined {
  const base = path.posix.join(path.posix.dirname(from), spec);
  const exts = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs'];
  for (const candidate of [
    ...exts.map((e) => base + e),
    ...exts.slice(1).map((e) => `${base}/index${e}`),
  ])
    if (files.has(candidate)) return candidate;
  return undefined;
}

/** Code files that hold a component (JSX, or an export a component could be). */
function isComponent(file: string, code: string): boolean {
  if (/\.(tsx|jsx)$/.test(file)) return true;
  return /<[A-Za-z][\w.]*[\s/>]/.test(code) && findComponent(code).exportName !== null;
}

/** The entry of a React zip, named in the log when it is not an obvious App/index/main file. */
export function findReactEntry(files: Map<string, Uint8Array>, log: BuildLog): string {
  const text = (f: string) => decoder.decode(files.get(f));
  const code = [...files.keys()].filter((f) => CODE.test(f) && !f.includes('/node_modules/'));
  const named = code.filter((f) => ENTRY_NAMES.test(f));
  const mounting = named.find((f) => /createRoot|ReactDOM\.render/.test(text(f)));
  if (mounting) return mounting;
  const app = named.find((f) => /\/App\./i.test(f));
  if (app) return app;
  const plain = named.find((f) => !isBarrel(text(f)));
  if (plain) return plain;

  const barrels = new Set(code.filter((f) => isBarrel(text(f))));
  const components = code.filter((f) => !barrels.has(f) && isComponent(f, text(f)));
  const imported = new Set<string>();
  const reach = new Map<string, number>();
  for (const f of code) {
    if (barrels.has(f)) continue;
    const deps = [...text(f).matchAll(IMPORT)]
      .map((m) => resolveImport(files, f, m[1]!))
      .filter((d): d is string => d !== undefined);
    for (const d of deps) imported.add(d);
    reach.set(f, deps.length);
  }
  const roots = components
    .filter((f) => !imported.has(f))
    .sort((a, b) => (reach.get(b) ?? 0) - (reach.get(a) ?? 0) || depth(a) - depth(b));
  const chosen = roots.find((f) => /\/App\./i.test(f)) ?? roots[0];
  if (!chosen) {
    const list = [...files.keys()]
      .slice(0, 20)
      .map((f) => f.slice(1))
      .join(', ');
    throw new BuildError(
      `The zip has no .html page and no React component file (.jsx or .tsx). Found: ${list}${files.size > 20 ? ', …' : ''}`,
    );
  }
  const why =
    components.length === 1
      ? "the zip's only component"
      : roots.length === 1
        ? 'the component nothing else imports'
        : `of ${roots.length} components nothing else imports, the one that imports the most`;
  log.add('detect', `Using ${chosen.slice(1)} as the entry (${why})`);
  return chosen;
}
