import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Bundler } from './bundle';
import { findComponent, looksLikeTypeScript } from './detect';
import { errorCardTag } from './error-card';
import { checkMount } from './mount-check';
import { defaultFavicon } from './favicon';
import type { BuildLog } from './log';
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
}

export interface ReactBuildOptions {
  bundler: Bundler;
  log: BuildLog;
  resolvePackage?: PackageResolver;
  /** Whole packages at exact versions (brand icons from an older lucide-react). */
  fetchPackage?: PackageFetcher;
  /** How the entry is named in messages: "your code" or its file name. */
  fileLabel: string;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const KIT_SOURCE = /^src\/builder\/runtime\/(ui|lib|shims)\//;

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

const kitTexts = new Map<string, Promise<string>>();

/** Kit sources are read once per process: they only change with the builder itself. */
function kitText(file: string): Promise<string> {
  let text = kitTexts.get(file);
  if (!text) {
    text = readFile(path.join(REPO_ROOT, file), 'utf8');
    kitTexts.set(file, text);
  }
  return text;
}

const packageVersions = new Map<string, string>();

function installedVersion(input: string): [string, string] | undefined {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (!m) return undefined;
  const name = m[1]!;
  let version = packageVersions.get(name);
  if (version === undefined) {
    try {
      const json = JSON.parse(
        readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version?: string };
      version = json.version ?? '';
    } catch {
      version = '';
    }
    packageVersions.set(name, version);
  }
  return version ? [name, version] : undefined;
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
 * whichever of them the page happens to render: kit styles are complete by construction.
 */
async function stylesheet(files: SourceFiles, inputs: string[], log: BuildLog) {
  const kitSource = (await Promise.all(inputs.filter((i) => KIT_SOURCE.test(i)).map(kitText))).join(
    '\n',
  );
  const pageSource = [...files]
    .filter(([f]) => /\.[jt]sx?$|\.html$/.test(f))
    .map(([, c]) => decoder.decode(c))
    .join('\n');
  const tw = await log.step(
    'styles',
    () => compileTailwind(`${pageSource}\n${kitSource}`),
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
  const shape = findComponent(source);
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
    transformSource: (file, text) =>
      /\.[jt]sx?$/.test(file)
        ? fixSource(text, needsReact(text), file === entry ? shape.appendExportOf : null)
        : text,
  };
  // code-split only where the artifact itself loads code later
  const splitting = codeTexts.some((t) => /\bimport\s*\(/.test(t));
  const bundle = await log.step(
    'bundle',
    () => opts.bundler.bundle(job, opts.fileLabel, splitting),
    (b) => `Bundled your code into ${b.files.size} file${b.files.size > 1 ? 's' : ''}`,
  );

  const packages: Record<string, string> = {};
  for (const input of bundle.inputs) {
    const installed = installedVersion(input);
    if (installed) packages[installed[0]] = installed[1];
  }
  for (const pkg of job.packages.values()) {
    packages[pkg.name] = pkg.version;
    log.add('resolve', `Added ${pkg.name}@${pkg.version} from npm`);
  }

  const [cssBytes, mountFailure] = await Promise.all([
    stylesheet(files, bundle.inputs, log),
    checkMount(job, entry, shape, log),
  ]);
  const cssName = hashName('styles', '.css', cssBytes);

  const apis = runtimeApisUsed(codeTexts);
  const runtime = apis.length > 0 ? await siteRuntime(apis) : undefined;
  const out: BuiltFile[] = [
    ...(runtime ? [runtime] : []),
    ...(await Promise.all([
      makeFile(cssName, cssBytes, true),
      ...[...bundle.files].map(([name, content]) => makeFile(name, content, true)),
    ])),
  ];

  // the default icon inside the page, so browsers need not ask for /favicon.ico at all
  const icon = files.has('/favicon.ico')
    ? undefined
    : `data:image/x-icon;base64,${Buffer.from((await defaultFavicon()).content).toString('base64')}`;
  const html = reactPage({
    title: titleOf(source),
    errorCard: await errorCardTag(mountFailure),
    ...(icon ? { icon } : {}),
    ...(runtime ? { runtime: runtime.path } : {}),
    css: [cssName, ...(bundle.entryCss ? [bundle.entryCss] : [])],
    entryJs: bundle.entryJs,
  });
  out.push(await makeFile('index.html', encoder.encode(html), false));
  return { files: out, packages, detected: `react-${ts ? 'tsx' : 'jsx'}` };
}

export function pastedFileName(code: string, hint?: 'jsx' | 'tsx' | 'html'): string {
  if (hint === 'tsx') return '/App.tsx';
  if (hint === 'jsx') return '/App.jsx';
  return looksLikeTypeScript(code) ? '/App.tsx' : '/App.jsx';
}
