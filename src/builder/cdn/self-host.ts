import { createHash } from 'node:crypto';
import path from 'node:path';
import { sha256 } from '../output';
import type { PackageFiles } from '../npm/package-files';
import { localFonts } from './fonts';
import {
  CDN_DIR,
  fetchPackage,
  kept,
  keptThirdParty,
  selfHosting,
  type SelfHosting,
} from './hosting';
import { CDN_HOSTS, readCdnLink } from './links';
import { IMPORT_MAP, noteModuleLinks, resolveModuleImports, withImportMap } from './module-builds';
import { copyModuleImports, localNpmFile } from './package-copies';
import { compilePlayCdn, PLAY_CDN_PLUGINS, readTailwindConfig } from './tailwind-play';

// Libraries, stylesheets and fonts a page loads from CDNs, fetched from npm at build time
// and served by the site itself, so visitors never depend on (or are seen by) a third party.

export { selfHosting, noteModuleLinks, type SelfHosting };
export { CDN_DIR, MAX_PACKAGES } from './hosting';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The site paths standing for a URL (a font link may become several sheets), or null. */
function localize(ctx: SelfHosting, url: string): Promise<string[] | null> {
  let pending = ctx.done.get(url);
  if (!pending) {
    const link = readCdnLink(url);
    pending =
      link?.kind === 'npm'
        ? localNpmFile(ctx, url, link).then((p) => (p ? [p] : null))
        : link?.kind === 'google-fonts'
          ? localFonts(ctx, url, link.url)
          : link?.kind === 'unmapped'
            ? Promise.resolve(kept(ctx, url, link.why)).then(() => null)
            : Promise.resolve(null);
    ctx.done.set(url, pending);
  }
  return pending;
}

const ATTR = (name: string) =>
  new RegExp(`(\\s${name}\\s*=\\s*)(?:"([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'i');

function attr(tag: string, name: string): string | undefined {
  const m = ATTR(name).exec(tag);
  return m ? (m[2] ?? m[3] ?? m[4] ?? '').replace(/&amp;/g, '&') : undefined;
}

function setAttr(tag: string, name: string, value: string): string {
  return tag.replace(ATTR(name), (_m, before: string) => `${before}"${value}"`);
}

/** Whether bytes still match an `integrity` attribute (any of the hashes it lists). */
function integrityHolds(integrity: string, bytes: Uint8Array): boolean {
  return integrity
    .split(/\s+/)
    .filter(Boolean)
    .some((entry) => {
      const m = /^(sha256|sha384|sha512)-([A-Za-z0-9+/=]+)/.exec(entry);
      return m ? createHash(m[1]!).update(bytes).digest('base64') === m[2] : false;
    });
}

/** Replaces every match of a pattern with the result of an async function, in order. */
async function replaceAsync(
  text: string,
  pattern: RegExp,
  replace: (match: RegExpMatchArray) => Promise<string>,
): Promise<string> {
  const matches = [...text.matchAll(pattern)];
  const replaced = await Promise.all(matches.map(replace));
  let out = '';
  let at = 0;
  matches.forEach((m, i) => {
    out += text.slice(at, m.index) + replaced[i];
    at = m.index! + m[0].length;
  });
  return out + text.slice(at);
}

/** A script or stylesheet tag pointing at a CDN, pointed at the site's own copy instead. */
async function rewriteTag(
  ctx: SelfHosting,
  tag: string,
  urlAttr: 'src' | 'href',
  prefix: string,
  what: Parameters<typeof keptThirdParty>[2],
): Promise<string> {
  const url = attr(tag, urlAttr);
  if (!url) return tag;
  const local = await localize(ctx, url);
  if (!local) {
    if (!readCdnLink(url)) keptThirdParty(ctx, url, what);
    return tag;
  }
  const integrity = attr(tag, 'integrity');
  let out = tag;
  if (integrity !== undefined && !integrityHolds(integrity, ctx.assets.get(local[0]!)!)) {
    out = out.replace(ATTR('integrity'), '');
    ctx.log.add(
      'cdn',
      `${url}: the local copy differs from the CDN's, so its integrity was dropped`,
    );
  }
  return local.map((p) => setAttr(out, urlAttr, prefix + p)).join('\n');
}

async function rewriteCssImports(ctx: SelfHosting, css: string, prefix: string): Promise<string> {
  return replaceAsync(
    css,
    /@import\s+(?:url\(\s*)?(['"]?)((?:https?:)?\/\/[^'")\s]+)\1\s*\)?\s*([^;]*);/gi,
    async (m) => {
      const local = await localize(ctx, m[2]!);
      if (!local) {
        if (!readCdnLink(m[2]!)) keptThirdParty(ctx, m[2]!, 'stylesheet');
        return m[0];
      }
      return local.map((p) => `@import url("${prefix}${p}")${m[3] ? ` ${m[3]}` : ''};`).join('\n');
    },
  );
}

const FONT_FACE = /@font-face\s*\{[^}]*\}/gi;
const REMOTE_URL = /url\(\s*(['"]?)((?:https?:)?\/\/[^'")\s]+)\1\s*\)/gi;

/** A stylesheet of the site with its `@import`s of CDN sheets (Google Fonts) made local. */
export async function selfHostCss(ctx: SelfHosting, css: string, prefix: string): Promise<string> {
  // fonts a sheet of the site loads from elsewhere stay there; the log names each
  if (/@font-face/i.test(css))
    for (const face of css.matchAll(FONT_FACE))
      for (const m of face[0].matchAll(REMOTE_URL)) keptThirdParty(ctx, m[2]!, 'font');
  return /@import/i.test(css) ? rewriteCssImports(ctx, css, prefix) : css;
}

const SCRIPT_TAG = /<script\b[^>]*>/gi;
const SCRIPT_BLOCK = /(<script\b([^>]*)>)([\s\S]*?)(<\/script>)/gi;
const CDN_STRING =
  /(['"`])((?:https?:)?\/\/(?:unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com)\/[^'"`\s]+)\1/g;

/**
 * CDN file URLs written as strings in a script (a script tag added at run time, a pdf.js
 * worker): pointed at the site's copies too. Only plain package files, never module builds.
 */
async function rewriteScriptStrings(ctx: SelfHosting, code: string, prefix: string) {
  if (!/unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com/.test(code)) return code;
  return replaceAsync(code, CDN_STRING, async (m) => {
    const link = readCdnLink(m[2]!);
    if (link?.kind !== 'npm' || link.esm) return m[0];
    const local = await localize(ctx, m[2]!);
    return local ? `${m[1]}${prefix}${local[0]}${m[1]}` : m[0];
  });
}
const LINK_TAG = /<link\b[^>]*>/gi;
const STYLE_BLOCK = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
const TAILWIND_STYLE =
  /<style\b[^>]*type\s*=\s*["']text\/tailwindcss["'][^>]*>([\s\S]*?)<\/style>\s*/gi;

/**
 * The Play CDN script becomes a stylesheet compiled for the page's own classes. The Play CDN
 * watches the live document, so classes written by any script the page runs count: `sources`
 * holds what the page runs beyond its markup (its Babel blocks as written, the site's scripts).
 */
async function compileTailwindPlay(
  ctx: SelfHosting,
  html: string,
  prefix: string,
  sources: string[],
): Promise<string> {
  const tag =
    /<script\b[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\/cdn\.tailwindcss\.com[^>]*>\s*<\/script>/i.exec(
      html,
    );
  if (!tag) return html;
  const link = readCdnLink(attr(tag[0], 'src')!);
  const scripts = [
    ...[...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!),
    ...sources,
  ];
  const { config, problem } = readTailwindConfig(scripts);
  if (problem) ctx.log.warn('styles', `Tailwind Play CDN: ${problem}`);
  const plugins = link?.kind === 'tailwind-play' ? link.plugins : [];
  const unknown = plugins.filter((p) => !(p in PLAY_CDN_PLUGINS));
  if (unknown.length > 0)
    ctx.log.warn(
      'styles',
      `Tailwind Play CDN plugins ${unknown.join(', ')} are unknown here; their classes have no styles`,
    );
  const pageCss = [...html.matchAll(TAILWIND_STYLE)].map((m) => m[1]!).join('\n');
  const content = sources.length > 0 ? `${html}\n${sources.join('\n')}` : html;
  const css = encoder.encode(await compilePlayCdn(content, config, pageCss, plugins));
  const file = `assets/tailwind-${sha256(css).slice(0, 10)}.css`;
  ctx.assets.set(file, css);
  ctx.log.add('styles', 'Tailwind Play CDN replaced by a stylesheet compiled for this page');
  // the page may still set tailwind.config: it must find an object to set it on
  const replacement = `<link rel="stylesheet" href="${prefix}${file}">\n<script>window.tailwind = window.tailwind || { config: {} };</script>\n`;
  return html.replace(tag[0], () => replacement).replace(TAILWIND_STYLE, '');
}

/** An import map entry for a folder (`"three/addons/": "https://…/examples/jsm/"`). */
interface FolderMapping {
  specifier: string;
  pkg: PackageFiles;
  folder: string;
  siteDir: string;
}

async function localFolder(
  ctx: SelfHosting,
  specifier: string,
  url: string,
): Promise<FolderMapping | null> {
  const link = readCdnLink(url.slice(0, -1));
  if (link?.kind !== 'npm' || link.esm || !link.file) {
    if (link) kept(ctx, url, 'this import map folder is not a folder of an npm package');
    return null;
  }
  const pkg = await fetchPackage(ctx, url, link.name, link.range);
  if (!pkg) return null;
  ctx.log.add('cdn', `${url} → ${pkg.name}@${pkg.version}/${link.file}/, served by the site`);
  return { specifier, pkg, folder: link.file, siteDir: `${CDN_DIR}/${pkg.name}@${pkg.version}` };
}

const MODULE_SCRIPT = /(<script\b[^>]*\btype\s*=\s*["']?module["']?[^>]*>)([\s\S]*?)(<\/script>)/gi;
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\2/g;

/** Import map URLs made local; folder entries are returned to copy the files used below them. */
async function rewriteImportMap(
  ctx: SelfHosting,
  json: string,
  prefix: string,
  folders: FolderMapping[],
): Promise<string> {
  let map: { imports?: Record<string, string>; scopes?: Record<string, Record<string, string>> };
  try {
    map = JSON.parse(json) as typeof map;
  } catch {
    ctx.log.warn(
      'cdn',
      'The page has an import map that is not valid JSON; it was kept as written',
    );
    return json;
  }
  const tables = [map.imports ?? {}, ...Object.values(map.scopes ?? {})];
  for (const table of tables) {
    for (const [specifier, url] of Object.entries(table)) {
      if (typeof url !== 'string') continue;
      if (url.endsWith('/')) {
        const folder = await localFolder(ctx, specifier, url);
        if (!folder) continue;
        folders.push(folder);
        table[specifier] = `${prefix}${folder.siteDir}/${folder.folder}/`;
        continue;
      }
      const local = await localize(ctx, url);
      if (local) table[specifier] = prefix + local[0]!;
      else if (!readCdnLink(url)) keptThirdParty(ctx, url, 'module');
    }
  }
  return JSON.stringify(map, null, 2);
}

/** Copies the files that module code imports through an import map folder. */
async function copyFolderImports(ctx: SelfHosting, code: string, folders: FolderMapping[]) {
  for (const m of code.matchAll(SPECIFIER)) {
    const spec = m[3]!;
    const folder = folders.find((f) => spec.startsWith(f.specifier));
    if (!folder) continue;
    const file = path.posix.normalize(`${folder.folder}/${spec.slice(folder.specifier.length)}`);
    if (ctx.assets.has(`${folder.siteDir}/${file}`)) continue;
    const bytes = await folder.pkg.read(file);
    if (!bytes) {
      ctx.log.warn(
        'cdn',
        `${folder.pkg.name}@${folder.pkg.version} has no ${file} (imported as ${spec})`,
      );
      continue;
    }
    ctx.assets.set(`${folder.siteDir}/${file}`, bytes);
    await copyModuleImports(ctx, folder.pkg, file, decoder.decode(bytes), folder.siteDir);
  }
}

/** Module code with its `import … from "https://cdn…"` pointed at the site's copies. */
export async function rewriteModuleImports(ctx: SelfHosting, code: string, prefix: string) {
  return replaceAsync(code, SPECIFIER, async (m) => {
    if (!/^(https?:)?\/\//.test(m[3]!)) return m[0];
    const local = await localize(ctx, m[3]!);
    if (!local && !readCdnLink(m[3]!)) keptThirdParty(ctx, m[3]!, 'module');
    return local ? `${m[1]}${m[2]}${prefix}${local[0]}${m[2]}` : m[0];
  });
}

/**
 * A page with its CDN scripts, stylesheets and fonts pointed at the site's own copies
 * (added to `ctx.assets`); what cannot be mapped stays as written, with a log line.
 * `prefix` leads from the page's folder back to the site root.
 */
export async function selfHostPage(
  ctx: SelfHosting,
  html: string,
  prefix: string,
  siteModules: string[] = [],
  tailwindSources: string[] = [],
): Promise<string> {
  let out = await compileTailwindPlay(ctx, html, prefix, tailwindSources);
  noteModuleLinks(ctx, out);
  const folders: FolderMapping[] = [];
  out = await replaceAsync(
    out,
    IMPORT_MAP,
    async (m) => `${m[1]}${await rewriteImportMap(ctx, m[2]!, prefix, folders)}${m[3]}`,
  );
  out = await replaceAsync(
    out,
    MODULE_SCRIPT,
    async (m) => `${m[1]}${await rewriteModuleImports(ctx, m[2]!, prefix)}${m[3]}`,
  );
  if (folders.length > 0) {
    const modules = [...out.matchAll(MODULE_SCRIPT)].map((m) => m[2]!);
    for (const code of [...modules, ...siteModules]) await copyFolderImports(ctx, code, folders);
  }
  out = await replaceAsync(out, SCRIPT_TAG, (m) =>
    rewriteTag(
      ctx,
      m[0],
      'src',
      prefix,
      /type\s*=\s*["']?module/i.test(m[0]) ? 'module' : 'script',
    ),
  );
  out = await replaceAsync(out, SCRIPT_BLOCK, async (m) =>
    /\bsrc\s*=|importmap|json/i.test(m[2]!)
      ? m[0]
      : `${m[1]}${await rewriteScriptStrings(ctx, m[3]!, prefix)}${m[4]}`,
  );
  out = await replaceAsync(out, LINK_TAG, async (m) => {
    const rel = (attr(m[0], 'rel') ?? '').toLowerCase();
    const href = attr(m[0], 'href') ?? '';
    if (/preconnect|dns-prefetch/.test(rel)) {
      const host = /^(?:https?:)?\/\/([^/:]+)/i.exec(href)?.[1] ?? '';
      return CDN_HOSTS.test(host) ? '' : m[0];
    }
    if (/stylesheet|preload|modulepreload/.test(rel)) {
      const as = (attr(m[0], 'as') ?? '').toLowerCase();
      const what = /stylesheet/.test(rel)
        ? 'stylesheet'
        : as === 'font'
          ? 'font'
          : as === 'style'
            ? 'stylesheet'
            : /modulepreload/.test(rel)
              ? 'module'
              : 'script';
      if (!/stylesheet|modulepreload/.test(rel) && !['font', 'style', 'script'].includes(as))
        return m[0];
      return rewriteTag(ctx, m[0], 'href', prefix, what);
    }
    return m[0];
  });
  out = await replaceAsync(
    out,
    STYLE_BLOCK,
    async (m) => `${m[1]}${await selfHostCss(ctx, m[2]!, prefix)}${m[3]}`,
  );
  await resolveModuleImports(ctx);
  return withImportMap(ctx, out, prefix);
}
