import path from 'node:path';
import * as esbuild from 'esbuild';
import type { PackageFiles } from '../npm/package-files';
import { CDN_DIR, fetchPackage, kept, type NpmLink, type SelfHosting } from './hosting';
import { readCdnLink } from './links';
import { localModule } from './module-builds';

// Files of npm packages linked from CDNs, found as each CDN finds them and copied to the site
// with everything they refer to.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function defaultFile(pkg: PackageFiles, field: 'unpkg' | 'jsdelivr'): string {
  const m = pkg.manifest;
  const pick = [m[field], m.browser, m.main].find((v): v is string => typeof v === 'string');
  return (pick ?? 'index.js').replace(/^\.\//, '');
}

/** The file a link means, found as the CDN would find it, and its bytes. */
async function findFile(
  pkg: PackageFiles,
  link: NpmLink,
): Promise<{ file: string; bytes: Uint8Array; rebuilt: boolean } | null> {
  const wanted = (link.file ?? defaultFile(pkg, link.defaultField)).replace(/^\.?\//, '');
  for (const file of [wanted, `${wanted}.js`, `${wanted}/index.js`]) {
    const bytes = await pkg.read(file);
    if (bytes) return { file, bytes, rebuilt: false };
  }
  const all = await pkg.list();
  if (link.flattened) {
    // cdnjs serves dist/x.min.js as x.min.js: the shortest path ending the same way is it
    const match = all
      .filter((f) => f.endsWith(`/${wanted}`))
      .sort((a, b) => a.length - b.length)[0];
    if (match) return { file: match, bytes: (await pkg.read(match))!, rebuilt: false };
  }
  // a CDN that minifies on the fly (x.min.js made from x.js): do the same
  const unminified = /^(.*)\.min\.(js|css)$/.exec(wanted);
  if (unminified) {
    const source = `${unminified[1]}.${unminified[2]}`;
    const candidates = [source, ...all.filter((f) => link.flattened && f.endsWith(`/${source}`))];
    for (const file of candidates) {
      const bytes = await pkg.read(file);
      if (!bytes) continue;
      const out = await esbuild.transform(decoder.decode(bytes), {
        loader: unminified[2] === 'css' ? 'css' : 'js',
        minify: true,
      });
      // beside its source (dist/x.min.css next to dist/x.css), so the files its url()s and
      // relative imports name are where they point
      const beside = path.posix.join(path.posix.dirname(file), path.posix.basename(wanted));
      return { file: beside, bytes: encoder.encode(out.code), rebuilt: true };
    }
  }
  return null;
}

const CSS_REFERENCE = /url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/g;

const SMALL_FOLDER = { files: 20, bytes: 2 * 1024 * 1024 };
const ASSET_FILE = /\.(png|jpe?g|gif|svg|webp|avif|ico|cur|woff2?|ttf|otf|eot)$/i;

/**
 * Brings along every file a stylesheet refers to (fonts, images, imported sheets). A small
 * folder of images or fonts it points into comes whole: the library's script may load the
 * files beside the ones the CSS names (Leaflet finds marker-shadow.png next to marker-icon.png).
 */
export async function copyCssReferences(
  ctx: SelfHosting,
  pkg: PackageFiles,
  cssFile: string,
  css: string,
  siteDir: string,
  seen = new Set<string>(),
): Promise<void> {
  const folders = new Set<string>();
  for (const m of css.matchAll(CSS_REFERENCE)) {
    const ref = (m[2] ?? m[4] ?? '').trim();
    if (!ref || /^(data:|https?:|\/\/|#|\/)/i.test(ref)) continue;
    const file = path.posix.normalize(
      path.posix.join(path.posix.dirname(cssFile), ref.replace(/[?#].*$/, '')),
    );
    if (file.startsWith('..') || seen.has(file)) continue;
    seen.add(file);
    const bytes = await pkg.read(file);
    if (!bytes) {
      ctx.log.warn('cdn', `${pkg.name}@${pkg.version}: ${file}, named in ${cssFile}, is missing`);
      continue;
    }
    ctx.assets.set(`${siteDir}/${file}`, bytes);
    if (ASSET_FILE.test(file)) folders.add(path.posix.dirname(file));
    if (file.endsWith('.css'))
      await copyCssReferences(ctx, pkg, file, decoder.decode(bytes), siteDir, seen);
  }
  if (folders.size === 0) return;
  const all = await pkg.list();
  for (const folder of folders) {
    const inside = all.filter((f) => path.posix.dirname(f) === folder && ASSET_FILE.test(f));
    if (inside.length > SMALL_FOLDER.files) continue;
    const contents = await Promise.all(inside.map(async (f) => [f, await pkg.read(f)] as const));
    const total = contents.reduce((n, [, b]) => n + (b?.byteLength ?? 0), 0);
    if (total > SMALL_FOLDER.bytes) continue;
    for (const [f, bytes] of contents) if (bytes) ctx.assets.set(`${siteDir}/${f}`, bytes);
  }
}

const MODULE_SYNTAX = /^\s*(import|export)\b/m;
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
const URL_IMPORT = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])((?:https?:)?\/\/[^'"\s]+)\2/g;

/**
 * A package's module that imports its siblings by their CDN URL (Firebase's files import
 * `https://www.gstatic.com/firebasejs/<v>/firebase-app.js`): those imports become relative
 * paths to the site's copies of the same files. Imports of other packages stay, logged.
 */
function rewriteOwnUrlImports(
  ctx: SelfHosting,
  pkg: PackageFiles,
  file: string,
  code: string,
): { code: string; targets: string[] } {
  if (!/\/\//.test(code)) return { code, targets: [] };
  const targets: string[] = [];
  const out = code.replace(URL_IMPORT, (whole, lead: string, quote: string, url: string) => {
    const link = readCdnLink(url);
    if (link?.kind !== 'npm' || link.esm || link.name !== pkg.name || !link.file) {
      kept(ctx, url, `${pkg.name}@${pkg.version}/${file} imports it from there`);
      return whole;
    }
    if (link.range !== pkg.version) return whole;
    const target = path.posix.normalize(link.file.replace(/^\.?\//, ''));
    targets.push(target);
    let rel = path.posix.relative(path.posix.dirname(file), target);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${lead}${quote}${rel}${quote}`;
  });
  return { code: out, targets };
}

/** An ES module file brings along the files it imports by relative path, recursively. */
export async function copyModuleImports(
  ctx: SelfHosting,
  pkg: PackageFiles,
  file: string,
  code: string,
  siteDir: string,
  seen = new Set<string>([file]),
): Promise<void> {
  if (!MODULE_SYNTAX.test(code)) return;
  const own = rewriteOwnUrlImports(ctx, pkg, file, code);
  if (own.code !== code) {
    ctx.assets.set(`${siteDir}/${file}`, encoder.encode(own.code));
    code = own.code;
  }
  const relative = [...code.matchAll(RELATIVE_IMPORT)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), m[2]!)),
  );
  for (const target of new Set([...relative, ...own.targets])) {
    if (target.startsWith('..') || seen.has(target)) continue;
    seen.add(target);
    const bytes = await pkg.read(target);
    if (!bytes) {
      ctx.log.warn('cdn', `${pkg.name}@${pkg.version}: ${target}, imported by ${file}, is missing`);
      continue;
    }
    ctx.assets.set(`${siteDir}/${target}`, bytes);
    await copyModuleImports(ctx, pkg, target, decoder.decode(bytes), siteDir, seen);
  }
}

export async function localNpmFile(
  ctx: SelfHosting,
  url: string,
  link: NpmLink,
): Promise<string | null> {
  if (link.esm) return localModule(ctx, url, link);
  const pkg = await fetchPackage(ctx, url, link.name, link.range);
  if (!pkg) return null;
  const found = await findFile(pkg, link);
  if (!found) {
    kept(ctx, url, `${pkg.name}@${pkg.version} has no file ${link.file ?? '(default)'}`);
    return null;
  }
  const siteDir = `${CDN_DIR}/${pkg.name}@${pkg.version}`;
  ctx.assets.set(`${siteDir}/${found.file}`, found.bytes);
  if (found.file.endsWith('.css'))
    await copyCssReferences(ctx, pkg, found.file, decoder.decode(found.bytes), siteDir);
  if (/\.m?js$/.test(found.file))
    await copyModuleImports(ctx, pkg, found.file, decoder.decode(found.bytes), siteDir);
  ctx.log.add('cdn', `${url} → ${pkg.name}@${pkg.version}/${found.file}, served by the site`);
  return `${siteDir}/${found.file}`;
}
