import * as esbuild from 'esbuild';
import { compilePlayCdn, readTailwindConfig } from './cdn/tailwind-play';
import type { Bundler } from './bundle';
import type { BuildLog } from './log';
import type { ModuleBuilder, PackageFetcher } from './npm/package-files';
import { hashName, makeFile } from './output';
import {
  NOT_SOURCE,
  readProjectSettings,
  rootAtProject,
  type Project,
  type ProjectSettings,
} from './project';
import { buildReact, KIT_SOURCE, stylesheet, type ReactBuild } from './react';
import { buildStatic } from './static-site';
import type { BuiltFile, PackageResolver } from './types';

// A project folder built as its own tools would: the page kept, its entry bundled, its
// settings honoured, public/ at the root.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export interface ProjectBuildOptions {
  bundler: Bundler;
  log: BuildLog;
  resolvePackage?: PackageResolver;
  fetchPackage?: PackageFetcher;
  buildModule?: ModuleBuilder;
}

const TAILWIND_DIRECTIVE =
  /@tailwind\s+(base|components|utilities)\s*;|@import\s+["']tailwindcss["'][^;]*;/;
const PLAY_CDN =
  /<script\b[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\/cdn\.tailwindcss\.com[^>]*>\s*<\/script>\s*/i;
const TAILWIND_STYLE =
  /<style\b[^>]*type\s*=\s*["']text\/tailwindcss["'][^>]*>([\s\S]*?)<\/style>\s*/gi;
/** Files a project keeps for its tools, never for visitors (and .env files may hold secrets). */
const PRIVATE =
  /(^|\/)(\.[^/]*|package(-lock)?\.json|[\w.-]+\.lock|pnpm-lock\.yaml|tsconfig[\w.-]*\.json|jsconfig\.json)$/;
const CODE = /\.(tsx?|jsx?|mjs|cjs|mts|cts)$/;

/** The project's tailwind.config as data (a config that computes values gets the defaults). */
function tailwindConfig(files: Map<string, Uint8Array>, log: BuildLog) {
  const file = [...files.keys()].find((f) => /^\/tailwind\.config\.[cm]?[jt]s$/.test(f));
  if (!file) return undefined;
  const source = decoder
    .decode(files.get(file))
    // plugins are code; the Tailwind here has its own animate plugin and nothing else
    .replace(/\bplugins\s*:\s*\[[^\]]*\]\s*,?/g, '')
    .replace(/\bcontent\s*:\s*\[[^\]]*\]\s*,?/g, '')
    .replace(/\b(?:export\s+default|module\.exports\s*=)\s*(?=\{)/, 'tailwind.config = ')
    .replace(/\b(?:const|let|var)\s+\w+\s*(?::\s*[\w.]+)?\s*=\s*(?=\{)/, 'tailwind.config = ');
  const { config, problem } = readTailwindConfig([source]);
  if (problem) log.warn('styles', `${file.slice(1)}: ${problem}`);
  return config;
}

/** Whether the project styles itself with Tailwind (a config, or the directives in its CSS). */
function usesTailwind(files: Map<string, Uint8Array>): boolean {
  for (const [f, c] of files) {
    if (NOT_SOURCE.test(f)) continue;
    if (/^\/tailwind\.config\.[cm]?[jt]s$/.test(f)) return true;
    if (f.endsWith('.css') && TAILWIND_DIRECTIVE.test(decoder.decode(c))) return true;
  }
  return false;
}

async function minifyCss(css: string): Promise<Uint8Array> {
  const out = await esbuild.transform(css, { loader: 'css', minify: true, target: 'chrome100' });
  return encoder.encode(out.code);
}

/** What the code of the project says, for Tailwind's class scan. */
function sourceText(files: Map<string, Uint8Array>): string {
  return [...files]
    .filter(([f]) => !NOT_SOURCE.test(f) && /\.([jt]sx?|html?|vue|svelte|mdx?)$/.test(f))
    .map(([, c]) => decoder.decode(c))
    .join('\n');
}

/** The import map with the entries the bundle now answers left out (null: none remain). */
function remainingImportMap(html: string, map: Record<string, string>): string | null {
  const inline = [
    ...html.matchAll(/<script\b[^>]*type\s*=\s*["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi),
  ]
    .map((m) => m[1]!)
    .join('\n');
  const used = [...inline.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"\n]+)['"]/g)].map(
    (m) => m[1]!,
  );
  const kept = Object.entries(map).filter(([spec]) =>
    used.some((u) => (spec.endsWith('/') ? u.startsWith(spec) : u === spec)),
  );
  return kept.length > 0 ? JSON.stringify({ imports: Object.fromEntries(kept) }, null, 2) : null;
}

/** The project's page, its entry script pointed at the bundle and the bundle's styles linked. */
function projectPage(
  html: string,
  project: Project,
  settings: ProjectSettings,
  built: ReactBuild['page'],
  extraCss: string[],
): string {
  let out = html;
  const module = `<script type="module" src="./${built.entryJs}"></script>`;
  if (project.scriptTag) {
    const at = out.indexOf(project.scriptTag);
    const close = out.indexOf('</script>', at);
    out = out.slice(0, at) + module + out.slice(close + '</script>'.length);
  } else if (/<\/body>/i.test(out)) {
    out = out.replace(/<\/body>/i, `${module}\n</body>`);
  } else out += `\n${module}\n`;
  if (settings.importMap) {
    const kept = remainingImportMap(out, settings.importMap);
    out = out.replace(
      /(<script\b[^>]*\btype\s*=\s*["']?importmap["']?[^>]*>)[\s\S]*?(<\/script>)\s*/i,
      (_m, open: string, close: string) => (kept ? `${open}\n${kept}\n${close}\n` : ''),
    );
  }
  const head = [
    ...(built.runtime ? [`<script src="./${built.runtime}"></script>`] : []),
    ...[...extraCss, ...built.css].map((href) => `<link rel="stylesheet" href="./${href}">`),
  ].join('\n');
  if (!head) return out;
  if (/<\/head>/i.test(out)) return out.replace(/<\/head>/i, `${head}\n</head>`);
  if (/<body\b[^>]*>/i.test(out)) return out.replace(/<body\b/i, `<head>${head}</head>\n<body`);
  return `${head}\n${out}`;
}

/**
 * Builds a project: its entry bundled with the React pipeline under its own versions, aliases
 * and environment; its page kept with the entry script pointed at the bundle; public/ served
 * at the root and its other plain files as they are.
 */
export async function buildProject(
  uploaded: Map<string, Uint8Array>,
  found: Project,
  opts: ProjectBuildOptions,
): Promise<{ files: BuiltFile[]; packages: Record<string, string>; detected: string }> {
  const { log } = opts;
  const { files, project, outside } = rootAtProject(uploaded, found);
  const settings = readProjectSettings(files, project);
  log.add(
    'detect',
    project.scriptTag
      ? `Detected a project: ${project.page.slice(1)} runs ${project.entry.slice(1)}, bundled for the browser`
      : `Detected a project whose page names no script: ${project.entry.slice(1)} mounts the app, so it was added to ${project.page.slice(1)}`,
  );
  // Create React App's page names its public folder with a placeholder: the site's root here
  let html = decoder.decode(files.get(project.page)).replace(/%PUBLIC_URL%/g, '');
  const tailwind = usesTailwind(files);
  const tailwindCss = new Set<string>();
  let processEnvWarned = false;

  const rewrite = (file: string, text: string): string => {
    if (file.endsWith('.css') && tailwind && TAILWIND_DIRECTIVE.test(text)) {
      // compiled with Tailwind below, into the project's stylesheet
      tailwindCss.add(text);
      return '';
    }
    if (!CODE.test(file)) return text;
    let out = text;
    if (settings.env.size > 0)
      out = out.replace(/\bimport\.meta\.env\.(VITE_\w+)\b/g, (m, key: string) =>
        settings.env.has(key) ? JSON.stringify(settings.env.get(key)) : m,
      );
    // a key set by the studio's own config (process.env.API_KEY) has no value on a site
    out = out.replace(/\bprocess\.env\.(?!NODE_ENV\b)([A-Za-z_]\w*)\b(?!\s*=[^=])/g, (_m, key) => {
      if (!processEnvWarned) {
        processEnvWarned = true;
        log.warn(
          'resolve',
          `${file.slice(1)} reads process.env.${key}, a value the project's own tools set when it runs on your computer; it is undefined on the site`,
        );
      }
      return 'undefined';
    });
    return out;
  };

  // The Play CDN in a project's page is compiled for everything the page runs: its code too.
  const extraCss: string[] = [];
  const extraFiles: BuiltFile[] = [];
  const play = PLAY_CDN.exec(html);
  if (play) {
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
    const { config, problem } = readTailwindConfig(scripts);
    if (problem) log.warn('styles', `Tailwind Play CDN: ${problem}`);
    const pageCss = [...html.matchAll(TAILWIND_STYLE)].map((m) => m[1]!).join('\n');
    const css = await minifyCss(
      await compilePlayCdn(`${html}\n${sourceText(files)}`, config, pageCss),
    );
    const name = hashName('tailwind', '.css', css);
    extraFiles.push(await makeFile(name, css, true));
    extraCss.push(name);
    html = html
      .replace(
        play[0],
        () => '<script>window.tailwind = window.tailwind || { config: {} };</script>\n',
      )
      .replace(TAILWIND_STYLE, '');
    log.add(
      'styles',
      'Tailwind Play CDN replaced by a stylesheet compiled for the page and its code',
    );
  }

  const styles = async (inputs: string[]): Promise<Uint8Array | null> => {
    const kitUsed = inputs.some((i) => KIT_SOURCE.test(i));
    const own = [...tailwindCss].map((css) => css.replace(new RegExp(TAILWIND_DIRECTIVE, 'g'), ''));
    if (tailwind && !kitUsed) {
      const config = tailwindConfig(files, log) ?? {};
      const css = await log.step(
        'styles',
        () => compilePlayCdn(sourceText(files), config, own.join('\n')),
        () => "Compiled Tailwind for the project's classes",
      );
      return minifyCss(hoistImports(css));
    }
    // the kit's components need the kit's theme; a project of plain CSS gets no Tailwind
    if (kitUsed || (tailwind && !play)) return stylesheet(files, inputs, log, own.join('\n'));
    return null;
  };

  const built = await buildReact(files, project.entry, {
    bundler: opts.bundler,
    log,
    fileLabel: project.entry.slice(1),
    runsItself: true,
    resolution: {
      versions: settings.versions,
      aliases: settings.aliases,
      renames: settings.renames,
    },
    rewrite,
    styles,
    ...(opts.resolvePackage ? { resolvePackage: opts.resolvePackage } : {}),
    ...(opts.fetchPackage ? { fetchPackage: opts.fetchPackage } : {}),
  });

  const page = projectPage(html, project, settings, built.page, extraCss);
  // the page still goes the static way: its fonts and CDN links become the site's own
  const pageFiles = await buildStatic(
    new Map([['/index.html', encoder.encode(page)]]),
    log,
    opts.fetchPackage,
    opts.buildModule,
  );
  const out = new Map<string, BuiltFile>();
  for (const f of [...built.files, ...extraFiles]) if (f.path !== 'index.html') out.set(f.path, f);
  for (const f of pageFiles) out.set(f.path, f);
  let published = 0;
  for (const [p, c] of files) {
    // src/ is what the bundle reads: what it imports (images, fonts) it emits itself
    if (NOT_SOURCE.test(p) || PRIVATE.test(p) || CODE.test(p) || p.startsWith('/src/')) continue;
    if (p === project.page || outside.has(p)) continue;
    // public/ is served at the root, as Vite and Create React App serve it
    const site = p.startsWith('/public/') ? p.slice('/public/'.length) : p.slice(1);
    if (out.has(site)) continue;
    out.set(site, await makeFile(site, c, false));
    published++;
  }
  if (published > 0)
    log.add('output', `Published ${published} of the project's own files as they are`);
  return {
    files: [...out.values()],
    packages: built.packages,
    detected: built.detected.replace('react', 'project'),
  };
}

/** `@import` must open a stylesheet; the project's own (fonts) go before Tailwind's rules. */
function hoistImports(css: string): string {
  const imports: string[] = [];
  const rest = css.replace(/@import\s+(?:url\([^)]*\)|["'][^"']*["'])[^;]*;\s*/g, (m) => {
    imports.push(m.trim());
    return '';
  });
  return imports.length > 0 ? `${imports.join('\n')}\n${rest}` : css;
}
