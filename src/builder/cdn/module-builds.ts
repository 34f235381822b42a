import { packageName } from '../kit';
import type { ModuleBuilder } from '../npm/package-files';
import { CDN_DIR, kept, type NpmLink, type SelfHosting } from './hosting';
import { readCdnLink } from './links';

// ES module builds (esm.sh, Skypack, jsDelivr +esm): bundled from npm, one copy of each
// package shared by all of a site's modules through an import map.

export const IMPORT_MAP =
  /(<script\b[^>]*\btype\s*=\s*["']?importmap["']?[^>]*>)([\s\S]*?)(<\/script>)/gi;

/**
 * Records the packages a text loads as ES module builds: one copy of each is shared by every
 * module build of the site (react-dom's build imports the page's react, not its own).
 */
export function noteModuleLinks(ctx: SelfHosting, text: string): void {
  for (const m of text.matchAll(/https?:\/\/[^\s'"<>`)]+/g)) {
    const link = readCdnLink(m[0]);
    if (link?.kind === 'npm' && link.esm && !ctx.modulePackages.has(link.name))
      ctx.modulePackages.set(link.name, link.range);
  }
}

/** The site path of an ES module build, made once per build; its bare imports are queued. */
function moduleFor(
  ctx: SelfHosting,
  build: ModuleBuilder,
  name: string,
  range: string,
  subpath: string | null,
): Promise<string> {
  const key = `${name}@${range}/${subpath ?? ''}`;
  let pending = ctx.modules.get(key);
  if (!pending) {
    pending = build({ name, range, subpath }, new Set(ctx.modulePackages.keys())).then((m) => {
      const file = `${CDN_DIR}/esm/${m.name}@${m.version}/${subpath ?? 'index'}.js`.replace(
        /\.(m?js)\.js$/,
        '.$1',
      );
      ctx.assets.set(file, m.code);
      for (const spec of m.externals) if (!ctx.imports.has(spec)) ctx.unresolved.add(spec);
      return file;
    });
    ctx.modules.set(key, pending);
  }
  return pending;
}

export async function localModule(
  ctx: SelfHosting,
  url: string,
  link: NpmLink,
): Promise<string | null> {
  if (!ctx.buildModule) {
    kept(ctx, url, 'no npm registry is available to this build');
    return null;
  }
  try {
    const file = await moduleFor(ctx, ctx.buildModule, link.name, link.range, link.file);
    ctx.log.add(
      'cdn',
      `${url} → ${file.slice(CDN_DIR.length + 5)}, an ES module served by the site`,
    );
    return file;
  } catch (err) {
    kept(ctx, url, (err as Error).message);
    return null;
  }
}

/** Gives every bare import left in module builds its own module build, at the page's version. */
export async function resolveModuleImports(ctx: SelfHosting): Promise<void> {
  while (ctx.unresolved.size > 0 && ctx.buildModule) {
    const [spec] = ctx.unresolved;
    ctx.unresolved.delete(spec!);
    const name = packageName(spec!);
    const subpath = spec!.length > name.length ? spec!.slice(name.length + 1) : null;
    try {
      const file = await moduleFor(
        ctx,
        ctx.buildModule,
        name,
        ctx.modulePackages.get(name) ?? '',
        subpath,
      );
      ctx.imports.set(spec!, file);
    } catch (err) {
      ctx.log.warn('cdn', `The module "${spec}" could not be built: ${(err as Error).message}`);
    }
  }
}

/** The page's import map with the entries module builds need (a new map when it has none). */
export function withImportMap(ctx: SelfHosting, html: string, prefix: string): string {
  if (ctx.imports.size === 0) return html;
  const entries = Object.fromEntries([...ctx.imports].map(([spec, file]) => [spec, prefix + file]));
  let merged = false;
  const out = html.replace(IMPORT_MAP, (whole, open: string, json: string, close: string) => {
    if (merged) return whole;
    merged = true;
    try {
      const map = JSON.parse(json) as { imports?: Record<string, string> };
      map.imports = { ...entries, ...map.imports };
      return `${open}${JSON.stringify(map, null, 2)}${close}`;
    } catch {
      return whole;
    }
  });
  if (merged) return out;
  const tag = `<script type="importmap">${JSON.stringify({ imports: entries })}</script>\n`;
  if (/<head\b[^>]*>/i.test(html)) return html.replace(/<head\b[^>]*>/i, (m) => `${m}\n${tag}`);
  const firstScript = html.search(/<script\b/i);
  return firstScript < 0 ? tag + html : html.slice(0, firstScript) + tag + html.slice(firstScript);
}
