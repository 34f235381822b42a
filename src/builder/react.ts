import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Bundler } from './bundle';
import { findComponent, looksLikeTypeScript } from './detect';
import { errorCardFile, errorCardTag } from './error-card';
import { defaultFavicon } from './favicon';
import type { BuildLog } from './log';
import { installedVersion } from './installed';
import { kitContent, readKitClasses, type KitClasses } from './kit-classes';
import { mountFailureLine } from './mount-check';
import { fetchBrandIcons, importedIconNames, kitIconNames, LUCIDE_BRAND_RELEASE } from './lucide';
import type { PackageFetcher } from './npm/package-files';
import { hashName, makeFile } from './output';
import { reactPage } from './page';
import { REPO_ROOT } from './paths';
import type { BundleJob, SourceFiles } from './resolve-plugin';
import { runtimeApisUsed, siteRuntime } from './site-script';
import { compileTailwind } from './tailwind';
import { BuildError, type BuiltFile, type PackageResolver } from './types';

export interface ReactBuild {
  files: BuiltFile[];
  packages: Record<string, string>;
  detected: string;
  /** What a page must load to run the bundle (a project's own page links these). */
  page: { entryJs: string; css: string[]; runtime?: string };
}

export interface ReactBuildOptions {
  bundler: Bundler;
  log: BuildLog;
  resolvePackage?: PackageResolver;
  /** Whole packages at exact versions (brand icons from an older lucide-react). */
  fetchPackage?: PackageFetcher;
  /** How the entry is named in messages: "your code" or its file name. */
  fileLabel: string;
  /** A single paste: a file it imports cannot be in it. */
  paste?: boolean;
  /** A project's entry runs itself (main.tsx): it is imported as it is, whatever it exports. */
  runsItself?: boolean;
  /** A project's versions, aliases and import map names, for resolving its imports. */
  resolution?: Pick<BundleJob, 'versions' | 'aliases' | 'renames'>;
  /** A project's own rewrite of its files' text before compiling (env values, CSS). */
  rewrite?: (file: string, text: string) => string;
  /**
   * A project's own stylesheet instead of the kit's Tailwind (null: none at all), given the
   * bundle's inputs, so it can still style the kit files a project falls back on.
   */
  styles?: (inputs: string[]) => Promise<Uint8Array | null>;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
export const KIT_SOURCE = /^src\/builder\/runtime\/(ui|lib|shims)\//;

/** `<style jsx>` (styled-jsx) becomes a plain global <style>, as it renders in Claude. */
function fixSource(text: string, prependReact: boolean, appendExport: string | null): string {
  let out = text.replace(/<style\s+jsx(\s+global)?\s*>/g, '<style>');
  // on the first line, so every line number in an error still matches their code
  if (prependReact) out = `import * as React from 'react';${out}`;
  if (appendExport) out += `\nexport default ${appendExport};\n`;
  return out;
}

function titleOf(code: string): string {
  const h1 = /<h1[^>]*>\s*([^<{]{2,80}?)\s*</.exec(code)?.[1];
  return h1?.trim() || 'Artifact';
}

const kitFiles = new Map<string, Promise<KitClasses>>();

/** Kit sources are read once per process: they only change with the builder itself. */
function kitFile(file: string): Promise<KitClasses> {
  let classes = kitFiles.get(file);
  if (!classes) {
    classes = readFile(path.join(REPO_ROOT, file), 'utf8').then((text) =>
      readKitClasses(text, file.endsWith('.ts')),
    );
    kitFiles.set(file, classes);
  }
  return classes;
}

function installedPackage(input: string): [string, string] | undefined {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (!m) return undefined;
  const version = installedVersion(m[1]!);
  return version ? [m[1]!, version] : undefined;
}

/** The page's module: the artifact mounted into #root, unless it mounts itself. */
function mountCode(entry: string, shape: ReturnType<typeof findComponent>): string {
  if (shape.selfMounting) return `import ${JSON.stringify(entry)};`;
  return `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import * as M from ${JSON.stringify(entry)};
const C = M[${JSON.stringify(shape.exportName)}] ?? M.default;
createRoot(document.getElementById('root')).render(createElement(C));`;
}

/** lucide-react icons the artifact and the kit import, with brand icons fetched when asked. */
async function iconsFor(
  codeTexts: string[],
  opts: ReactBuildOptions,
): Promise<Pick<BundleJob, 'iconNames' | 'brandIcons'>> {
  const imported = importedIconNames(codeTexts);
  if (!imported) return { iconNames: null, brandIcons: new Map() };
  const brand = await fetchBrandIcons(imported, opts.fetchPackage);
  if (brand.error) opts.log.warn('resolve', `Brand icons could not be fetched: ${brand.error}`);
  for (const name of brand.icons.keys())
    opts.log.add(
      'resolve',
      `Icon ${name} taken from lucide-react ${LUCIDE_BRAND_RELEASE}, which still had it`,
    );
  return { iconNames: new Set([...imported, ...kitIconNames()]), brandIcons: brand.icons };
}

/**
 * Tailwind for the artifact's classes plus every class of every kit file in the bundle,
 * whichever of them the page happens to render, and of each kit variant it names: kit styles
 * are complete by construction for every variant the page can ask for.
 */
export async function stylesheet(
  files: SourceFiles,
  inputs: string[],
  log: BuildLog,
  extraCss = '',
) {
  const kit = await Promise.all(inputs.filter((i) => KIT_SOURCE.test(i)).map(kitFile));
  const pageSource = [...files]
    .filter(([f]) => /\.[jt]sx?$|\.html$/.test(f))
    .map(([, c]) => decoder.decode(c))
    .join('\n');
  const kitSource = kitContent(kit, pageSource);
  const tw = await log.step(
    'styles',
    () => compileTailwind(`${pageSource}\n${kitSource}`, extraCss),
    (r) => `Compiled Tailwind: ${r.classes} classes`,
  );
  const css = await esbuild.transform(tw.css, { loader: 'css', minify: true, target: 'chrome100' });
  return encoder.encode(css.code);
}

export async function buildReact(
  files: SourceFiles,
  entry: string,
  opts: ReactBuildOptions,
): Promise<ReactBuild> {
  const { log } = opts;
  const source = decoder.decode(files.get(entry)!);
  const found = findComponent(source);
  const shape = opts.runsItself
    ? { selfMounting: true, exportName: null, appendExportOf: null }
    : found;
  const ts = /\.tsx?$/.test(entry);
  if (!shape.selfMounting && !shape.exportName) {
    throw new BuildError(
      'No React component was found in this code. It needs a component such as `function App() { return <div>…</div> }` or an `export default`.',
      undefined,
      log.lines,
    );
  }
  log.add(
    'detect',
    shape.selfMounting
      ? `Detected React code that mounts itself (${ts ? 'TypeScript' : 'JavaScript'})`
      : `Detected a React component${shape.appendExportOf ? ` "${shape.appendExportOf}"` : shape.exportName !== 'default' ? ` "${shape.exportName}"` : ''} (${ts ? 'TypeScript' : 'JavaScript'})`,
  );
  const needsReact = (text: string) =>
    /\bReact\.\w/.test(text) &&
    !/import\s+(\*\s+as\s+)?React\b|import\s+React\s*,|\bconst\s+React\b/.test(text);
  const codeTexts = [...files]
    .filter(([f]) => /\.[jt]sx?$/.test(f))
    .map(([, c]) => decoder.decode(c));
  const job: BundleJob = {
    files,
    entryCode: mountCode(entry, shape),
    log,
    ...(opts.resolvePackage ? { resolvePackage: opts.resolvePackage } : {}),
    ...(await iconsFor(codeTexts, opts)),
    packages: new Map(),
    ...(opts.paste ? { paste: true } : {}),
    ...opts.resolution,
    transformSource: (file, raw) => {
      const text = opts.rewrite ? opts.rewrite(file, raw) : raw;
      return /\.[jt]sx?$/.test(file)
        ? fixSource(text, needsReact(text), file === entry ? shape.appendExportOf : null)
        : text;
    },
  };
  // code-split only where the artifact itself loads code later
  const splitting = codeTexts.some((t) => /\bimport\s*\(/.test(t));
  // The check's esbuild work runs beside the bundle's; what it finds is told once the
  // bundle is made, so a build that fails to bundle says nothing of it.
  const mountChecked = opts.bundler.checkMount(job, entry, shape);
  const bundle = await log.step(
    'bundle',
    () => opts.bundler.bundle(job, opts.fileLabel, splitting),
    (b) => `Bundled your code into ${b.files.size} file${b.files.size > 1 ? 's' : ''}`,
  );

  // a project's only stylesheet may be the one its Tailwind compile took over: nothing left
  if (bundle.entryCss && decoder.decode(bundle.files.get(bundle.entryCss)).trim() === '') {
    bundle.files.delete(bundle.entryCss);
    bundle.entryCss = null;
  }
  const packages: Record<string, string> = {};
  for (const input of bundle.inputs) {
    const installed = installedPackage(input);
    if (installed) packages[installed[0]] = installed[1];
  }
  for (const pkg of job.packages.values()) {
    packages[pkg.name] = pkg.version;
    if (opts.resolution?.versions?.has(pkg.name))
      log.add(
        'resolve',
        `${pkg.name}: version ${pkg.version}, as the project asks (${opts.resolution.versions.get(pkg.name)})`,
      );
    log.add('resolve', `Added ${pkg.name}@${pkg.version} from npm`);
  }

  const [cssBytes, mountFailure] = await Promise.all([
    opts.styles ? opts.styles(bundle.inputs) : stylesheet(files, bundle.inputs, log),
    mountChecked,
  ]);
  if (mountFailure) log.warn('check', mountFailureLine(mountFailure));
  const cssName = cssBytes ? hashName('styles', '.css', cssBytes) : null;

  const apis = runtimeApisUsed(codeTexts);
  const runtime = apis.length > 0 ? await siteRuntime(apis) : undefined;
  const out: BuiltFile[] = [
    ...(runtime ? [runtime] : []),
    await errorCardFile(),
    ...(await Promise.all([
      ...(cssBytes && cssName ? [makeFile(cssName, cssBytes, true)] : []),
      ...[...bundle.files].map(([name, content]) => makeFile(name, content, true)),
    ])),
  ];

  const css = [...(cssName ? [cssName] : []), ...(bundle.entryCss ? [bundle.entryCss] : [])];
  // the default icon inside the page, so browsers need not ask for /favicon.ico at all
  const icon = files.has('/favicon.ico')
    ? undefined
    : `data:image/x-icon;base64,${Buffer.from((await defaultFavicon()).content).toString('base64')}`;
  const html = reactPage({
    title: titleOf(source),
    errorCard: await errorCardTag(mountFailure),
    ...(icon ? { icon } : {}),
    ...(runtime ? { runtime: runtime.path } : {}),
    css,
    entryJs: bundle.entryJs,
  });
  out.push(await makeFile('index.html', encoder.encode(html), false));
  return {
    files: out,
    packages,
    detected: `react-${ts ? 'tsx' : 'jsx'}`,
    page: { entryJs: bundle.entryJs, css, ...(runtime ? { runtime: runtime.path } : {}) },
  };
}

export function pastedFileName(code: string, hint?: 'jsx' | 'tsx' | 'html'): string {
  if (hint === 'tsx') return '/App.tsx';
  if (hint === 'jsx') return '/App.jsx';
  return looksLikeTypeScript(code) ? '/App.tsx' : '/App.jsx';
}
