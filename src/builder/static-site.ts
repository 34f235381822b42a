import {
  noteModuleLinks,
  rewriteModuleImports,
  selfHostCss,
  selfHostPage,
  selfHosting,
} from './cdn/self-host';
import {
  assertScannablePage,
  compileBabelScripts,
  injectRuntime,
  isFullDocument,
  wrapFragment,
} from './html';
import { errorCardFile, paintsByScript, withErrorCard } from './error-card';
import type { BuildLog } from './log';
import { makeFile, sha256 } from './output';
import { runtimeApisUsed, siteRuntime } from './site-script';
import type { ModuleBuilder, PackageFetcher } from './npm/package-files';
import type { BuiltFile } from './types';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

// Library files served from CDN links repeat across sites: their compressed forms are made
// once per process (a few hundred of them at most), not on every build.
const linkedFiles = new Map<string, Promise<BuiltFile>>();

function linkedFile(path: string, bytes: Uint8Array): Promise<BuiltFile> {
  const key = `${path}\n${sha256(bytes)}`;
  let file = linkedFiles.get(key);
  if (!file) {
    if (linkedFiles.size >= 300) linkedFiles.delete(linkedFiles.keys().next().value!);
    file = makeFile(path, bytes, true);
    linkedFiles.set(key, file);
    file.catch(() => linkedFiles.delete(key));
  }
  return file;
}

const BABEL_BLOCK = /<script\b[^>]*\btype\s*=\s*["']text\/babel["'][^>]*>([\s\S]*?)<\/script>/gi;

const prefixOf = (path: string) => {
  const depth = path.split('/').length - 1;
  return depth === 0 ? './' : '../'.repeat(depth);
};

/**
 * HTML pages (pasted, uploaded, or a zip's static site): kept as written, plus the runtime,
 * with Babel scripts compiled ahead of time and CDN libraries served by the site itself.
 */
export async function buildStatic(
  files: Map<string, Uint8Array>,
  log: BuildLog,
  fetchPackage?: PackageFetcher,
  buildModule?: ModuleBuilder,
): Promise<BuiltFile[]> {
  // before anything reads the pages with regular expressions
  for (const [p, c] of files) {
    if (/\.html?$/i.test(p)) assertScannablePage(decoder.decode(c), p.replace(/^\//, ''));
  }
  const out: BuiltFile[] = [];
  const hosting = selfHosting(fetchPackage, log, buildModule);
  const apis = runtimeApisUsed(
    [...files].filter(([p]) => /\.(html?|m?[jt]sx?)$/i.test(p)).map(([, c]) => decoder.decode(c)),
  );
  const runtime = apis.length > 0 ? await siteRuntime(apis) : undefined;
  const scripts = [...files].filter(([p]) => /\.m?js$/i.test(p));
  const siteModules = scripts.map(([, c]) => decoder.decode(c));
  // classes a page's Play CDN must style may sit in any code the site runs
  const siteCode = [...files]
    .filter(([p]) => /\.(m?js|jsx|tsx?)$/i.test(p))
    .map(([, c]) => decoder.decode(c));
  // pages last: the import map they carry must know what the site's own modules import
  const ordered = [...files].sort(
    ([a], [b]) => Number(/\.html?$/i.test(a)) - Number(/\.html?$/i.test(b)),
  );
  for (const [p, c] of ordered)
    if (/\.(html?|m?js)$/i.test(p)) noteModuleLinks(hosting, decoder.decode(c));
  let babel = 0;
  let withCard = false;
  for (const [full, content] of ordered) {
    await log.checkpoint();
    const path = full.replace(/^\//, '');
    const prefix = prefixOf(path);
    if (/\.css$/i.test(path)) {
      const css = decoder.decode(content);
      const local = await selfHostCss(hosting, css, prefix);
      out.push(await makeFile(path, local === css ? content : encoder.encode(local), false));
      continue;
    }
    if (/\.m?js$/i.test(path)) {
      // a module of the site may import from a CDN too; its URLs resolve from its own folder
      const code = decoder.decode(content);
      const local = /\bimport\b[^;]*?['"](https?:)?\/\//.test(code)
        ? await rewriteModuleImports(hosting, code, prefix)
        : code;
      out.push(await makeFile(path, local === code ? content : encoder.encode(local), false));
      continue;
    }
    if (!/\.html?$/i.test(path)) {
      out.push(await makeFile(path, content, false));
      continue;
    }
    let html = decoder.decode(content);
    if (!isFullDocument(html)) {
      html = wrapFragment(html);
      log.add('detect', `${path}: an HTML fragment, wrapped into a full page`);
    }
    const compiled = await compileBabelScripts(html, log, prefix, files, path);
    babel += compiled.compiled;
    for (const [name, bytes] of compiled.assets) out.push(await makeFile(name, bytes, true));
    const babelBlocks =
      compiled.compiled > 0 ? [...html.matchAll(BABEL_BLOCK)].map((m) => m[1]!) : [];
    html = await selfHostPage(hosting, compiled.html, prefix, siteModules, [
      ...babelBlocks,
      ...siteCode,
    ]);
    // a page that paints by script into an empty #root shows what failed instead of nothing
    if (paintsByScript(html)) {
      html = await withErrorCard(html, prefix);
      withCard = true;
    }
    if (runtime) html = injectRuntime(html, runtime, prefix);
    out.push(await makeFile(path, encoder.encode(html), false));
  }
  if (babel > 0)
    log.add(
      'transform',
      `Compiled ${babel} in-browser Babel script${babel > 1 ? 's' : ''} ahead of time`,
    );
  for (const [name, bytes] of hosting.assets) {
    if (!files.has(`/${name}`)) out.push(await linkedFile(name, bytes));
  }
  if (runtime) out.push(runtime);
  if (withCard) out.push(await errorCardFile());
  return out;
}
