import path from 'node:path';
import { readCdnLink } from './cdn/links';
import { packageName } from './kit';
import { DEFAULT_ALIASES } from './resolve-plugin';

// A zip that is a whole project (an exported Vite app, an AI Studio "Build" export, a Claude
// Code folder): its page names the code to run, and its settings files say how imports read.

const decoder = new TextDecoder();
const depth = (p: string) => p.split('/').length - 2;

/** Folders of a project that are never its source: installed packages and earlier builds. */
const NOT_SOURCE = /^\/(node_modules|dist|build|out|\.next|\.git)\//;
/** Code a browser cannot run as it is: a page naming one of these needs a bundle. */
const COMPILED = /\.(jsx|tsx|ts|mts)$/;
const MOUNTS = /\b(createRoot|hydrateRoot)\s*\(|\bReactDOM\.render\s*\(/;
/** Where AI Studio and its kind keep the module their page never names (the studio adds it). */
const IMPLIED_ENTRIES = [
  'index.tsx',
  'index.jsx',
  'main.tsx',
  'main.jsx',
  'src/main.tsx',
  'src/main.jsx',
  'src/index.tsx',
  'src/index.jsx',
  // Create React App keeps its page in public/ and mounts from src/index.js
  '../src/index.js',
  '../src/index.jsx',
  '../src/index.tsx',
];

export interface Project {
  /** The project's page, e.g. /index.html. */
  page: string;
  /** The module the page runs, e.g. /src/main.tsx. */
  entry: string;
  /** The page's script tag that names the entry, to be pointed at the bundle; null: add one. */
  scriptTag: string | null;
}

const SCRIPT_OPEN = /<script\b([^>]*)>/gi;

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'i').exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
}

/** A page's `src`, as a path among the upload's files (a leading `/` is the page's folder). */
function localPath(page: string, src: string): string | null {
  if (/^([a-z][\w+.-]*:|\/\/)/i.test(src)) return null;
  const clean = src.replace(/[?#].*$/, '');
  const dir = path.posix.dirname(page);
  return clean.startsWith('/') ? path.posix.join(dir, clean) : path.posix.join(dir, clean);
}

/** The page a person opening the folder would open: the shallowest index.html, else the only page. */
function projectPage(files: Map<string, Uint8Array>): string | null {
  const pages = [...files.keys()].filter((p) => /\.html?$/i.test(p) && !NOT_SOURCE.test(p));
  const index = pages
    .filter((p) => /\/index\.html?$/i.test(p))
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0];
  return index ?? (pages.length === 1 ? pages[0]! : null);
}

/**
 * The project a zip is, or null for anything else (a static site, a bare React folder). A page
 * whose module script names a .jsx/.tsx/.ts file runs that file; a page with a #root, no script
 * of its own and an index.tsx beside it that mounts React (AI Studio's export) runs that.
 */
export function findProject(files: Map<string, Uint8Array>): Project | null {
  const page = projectPage(files);
  if (!page) return null;
  const html = decoder.decode(files.get(page));
  let ownScripts = 0;
  for (const m of html.matchAll(SCRIPT_OPEN)) {
    const src = attr(m[1]!, 'src');
    const local = src ? localPath(page, src) : null;
    if (!local) continue;
    ownScripts++;
    const type = (attr(m[1]!, 'type') ?? '').toLowerCase();
    if (type === 'module' && COMPILED.test(local) && files.has(local))
      return { page, entry: local, scriptTag: m[0] };
  }
  if (ownScripts > 0 || /type\s*=\s*["']text\/babel/i.test(html)) return null;
  if (!/\bid\s*=\s*["']?root\b/i.test(html)) return null;
  const dir = path.posix.dirname(page);
  for (const name of IMPLIED_ENTRIES) {
    const file = path.posix.join(dir, name);
    const code = files.get(file);
    if (code && MOUNTS.test(decoder.decode(code))) return { page, entry: file, scriptTag: null };
  }
  return null;
}

/** JSON with comments and trailing commas, as tsconfig files are written. */
function looseJson(text: string): unknown {
  try {
    return JSON.parse(
      text
        .replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, str?: string) => str ?? '')
        .replace(/,(\s*[}\]])/g, '$1'),
    );
  } catch {
    return undefined;
  }
}

export interface ProjectSettings {
  /** Version ranges by package name: the import map's URLs first, then package.json. */
  versions: Map<string, string>;
  /** Import map names that stand for another package or subpath. */
  renames: Map<string, string>;
  aliases: { prefix: string; folders: string[] }[];
  /** VITE_* values from the committed .env files. */
  env: Map<string, string>;
  /** The page's import map, parsed, when it has one. */
  importMap: Record<string, string> | null;
}

function text(files: Map<string, Uint8Array>, file: string): string | undefined {
  const bytes = files.get(file);
  return bytes ? decoder.decode(bytes) : undefined;
}

const IMPORT_MAP = /<script\b[^>]*\btype\s*=\s*["']?importmap["']?[^>]*>([\s\S]*?)<\/script>/i;

export function pageImportMap(html: string): Record<string, string> | null {
  const json = IMPORT_MAP.exec(html)?.[1];
  const map = json ? (looseJson(json) as { imports?: Record<string, unknown> }) : undefined;
  if (!map?.imports) return null;
  return Object.fromEntries(
    Object.entries(map.imports).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** `'@': path.resolve(__dirname, './src')` and its spellings, read from a Vite config. */
function viteAliases(config: string): { prefix: string; folders: string[] }[] {
  const out: { prefix: string; folders: string[] }[] = [];
  const target = String.raw`(?:(?:path\.)?(?:resolve|join)\(\s*__dirname\s*,\s*['"]([^'"]*)['"]\s*\)|fileURLToPath\(\s*new\s+URL\(\s*['"]([^'"]*)['"]\s*,\s*import\.meta\.url\s*\)\s*\)|['"](\/[^'"]*)['"])`;
  const patterns = [
    new RegExp(String.raw`(['"]?)([@~#$][\w/-]*|[\w-]+)\1\s*:\s*${target}`, 'g'),
    new RegExp(String.raw`find\s*:\s*(['"])([^'"]+)\1\s*,\s*replacement\s*:\s*${target}`, 'g'),
  ];
  for (const pattern of patterns) {
    for (const m of config.matchAll(pattern)) {
      const key = m[2]!;
      const folder = m[3] ?? m[4] ?? m[5] ?? '';
      if (!/^[@~#$]/.test(key) && !m[0].startsWith('find')) continue;
      out.push({
        prefix: key.endsWith('/') ? key : `${key}/`,
        folders: [`${path.posix.join('/', folder)}/`.replace(/\/+$/, '/')],
      });
    }
  }
  return out;
}

/** `"@/*": ["./src/*"]` from tsconfig.json or jsconfig.json (and Vite's tsconfig.app.json). */
function tsconfigAliases(files: Map<string, Uint8Array>): { prefix: string; folders: string[] }[] {
  const out: { prefix: string; folders: string[] }[] = [];
  const configs = [...files.keys()].filter((f) => /^\/(tsconfig[\w.-]*|jsconfig)\.json$/.test(f));
  for (const file of configs) {
    const json = looseJson(text(files, file) ?? '') as
      { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } } | undefined;
    const options = json?.compilerOptions;
    if (!options?.paths) continue;
    const base = path.posix.join('/', options.baseUrl ?? '.');
    for (const [key, targets] of Object.entries(options.paths)) {
      if (!key.endsWith('/*') || !Array.isArray(targets)) continue;
      const folders = targets
        .filter((t) => typeof t === 'string' && t.endsWith('/*'))
        .map((t) => `${path.posix.join(base, t.slice(0, -2))}/`.replace(/\/+$/, '/'));
      if (folders.length > 0) out.push({ prefix: key.slice(0, -1), folders });
    }
  }
  return out;
}

/** `KEY=value` lines; only VITE_* keys, the ones Vite puts in a page on purpose. */
function viteEnv(files: Map<string, Uint8Array>): Map<string, string> {
  const env = new Map<string, string>();
  // .env.local and its kind hold a person's secrets and are never committed: not read
  for (const file of ['/.env', '/.env.production']) {
    for (const line of (text(files, file) ?? '').split('\n')) {
      const m = /^\s*(?:export\s+)?(VITE_\w+)\s*=\s*(.*?)\s*$/.exec(line);
      if (!m) continue;
      const value = m[2]!.replace(/^(['"])(.*)\1$/, '$2').replace(/\s+#.*$/, '');
      env.set(m[1]!, value);
    }
  }
  return env;
}

/** What the project's own files say about versions, aliases and environment. */
export function readProjectSettings(
  files: Map<string, Uint8Array>,
  project: Project,
): ProjectSettings {
  const versions = new Map<string, string>();
  const renames = new Map<string, string>();
  const importMap = pageImportMap(text(files, project.page) ?? '');
  for (const [specifier, url] of Object.entries(importMap ?? {})) {
    const link = readCdnLink(url);
    if (link?.kind !== 'npm') continue;
    if (link.range && !versions.has(link.name)) versions.set(link.name, link.range);
    if (specifier.endsWith('/')) continue;
    const target = link.file && link.esm ? `${link.name}/${link.file}` : link.name;
    if (target !== specifier && packageName(specifier) !== link.name)
      renames.set(specifier, target);
  }
  const manifest = looseJson(text(files, '/package.json') ?? '') as
    | { dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> }
    | undefined;
  for (const deps of [manifest?.dependencies, manifest?.devDependencies]) {
    for (const [name, range] of Object.entries(deps ?? {}))
      if (typeof range === 'string' && !versions.has(name)) versions.set(name, range);
  }
  const viteConfig = [...files.keys()].find((f) => /^\/vite\.config\.[cm]?[jt]s$/.test(f));
  const aliases = [
    ...(viteConfig ? viteAliases(text(files, viteConfig)!) : []),
    ...tsconfigAliases(files),
  ];
  // a project without its own `@` still means its root, then src/, as peers read it
  if (!aliases.some((a) => a.prefix === '@/')) aliases.push(...DEFAULT_ALIASES);
  return { versions, renames, aliases, env: viteEnv(files), importMap };
}

/** The files of a project with its page's folder as the root (as a dev server serves it). */
export function rootAtProject(files: Map<string, Uint8Array>, project: Project) {
  const dir = path.posix.dirname(project.page);
  if (dir === '/') return { files, project, outside: new Set<string>() };
  const under = `${dir}/`;
  const moved = (p: string) => (p.startsWith(under) ? `/${p.slice(under.length)}` : p);
  const out = new Map<string, Uint8Array>();
  // files beside the project's folder (a backend/, Create React App's src/ beside public/) keep
  // their paths, so imports reach them; only what the bundle takes from them is published
  const outside = new Set<string>();
  for (const [p, c] of files) {
    out.set(moved(p), c);
    if (!p.startsWith(under)) outside.add(p);
  }
  return {
    files: out,
    project: { ...project, page: moved(project.page), entry: moved(project.entry) },
    outside,
  };
}

export { NOT_SOURCE };
