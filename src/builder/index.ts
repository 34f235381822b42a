import { createBundler, type Bundler } from './bundle';
import { looksLikeHtml } from './detect';
import { findReactEntry, findStaticPage, rootAtPage } from './entry';
import type { NpmResolver } from './npm/resolver';
import type { ModuleBuilder, PackageFetcher } from './npm/package-files';
import { defaultFavicon } from './favicon';
import { BuildLog } from './log';
import { compressFiles, manifestEntries } from './output';
import { findProject } from './project';
import { buildProject } from './project-build';
import { buildReact, pastedFileName } from './react';
import { buildStatic } from './static-site';
import {
  BuildError,
  type BuildInput,
  type BuildOptions,
  type BuildResult,
  type BuiltFile,
} from './types';
import { extractZip, unwrapSingleFolder } from './zip';
import { readFileList } from './file-list';

export * from './types';
export { SITE_RUNTIME_ENDPOINTS, STORAGE_LIMITS } from './contract';
export type * from './contract';
export { createNpmResolver, type NpmResolver, type NpmResolverOptions } from './npm/resolver';
export type { PackageFetcher, PackageFiles } from './npm/package-files';
export { DEFAULT_NPM_CACHE_DIR } from './paths';
export { ZIP_LIMITS } from './zip';

export interface BuilderOptions extends BuildOptions {
  /**
   * Whole npm packages at exact versions, for CDN links made local. Defaults to the npm
   * resolver's own (same registry, same package cache) when `resolvePackage` is one.
   */
  fetchPackage?: PackageFetcher;
}

function packageFetcher(opts: BuilderOptions): PackageFetcher | undefined {
  return opts.fetchPackage ?? (opts.resolvePackage as Partial<NpmResolver> | undefined)?.files;
}

/** ES module builds of packages (for esm.sh-style links), from the npm resolver when it is one. */
function moduleBuilder(opts: BuilderOptions): ModuleBuilder | undefined {
  return (opts.resolvePackage as Partial<NpmResolver> | undefined)?.modules;
}

const encoder = new TextEncoder();

const textOf = (source: string | Uint8Array) =>
  typeof source === 'string' ? source : new TextDecoder().decode(source);

async function buildInner(
  input: BuildInput,
  opts: BuilderOptions,
  log: BuildLog,
  bundler: Bundler,
) {
  const react = (files: Map<string, Uint8Array>, entry: string, fileLabel: string) =>
    buildReact(files, entry, {
      bundler,
      log,
      fileLabel,
      ...(input.kind === 'zip' ? {} : { paste: true }),
      ...(opts.resolvePackage ? { resolvePackage: opts.resolvePackage } : {}),
      ...(packageFetcher(opts) ? { fetchPackage: packageFetcher(opts) } : {}),
    });
  if (input.kind === 'zip' || input.kind === 'files') {
    const files =
      input.kind === 'zip'
        ? await log.step(
            'extract',
            async () => {
              if (typeof input.source === 'string') {
                throw new BuildError('A zip upload must be bytes.');
              }
              return unwrapSingleFolder(await extractZip(input.source));
            },
            (f) => `Unpacked ${f.size} files from the zip`,
          )
        : await log.step(
            'extract',
            async () => unwrapSingleFolder(readFileList(textOf(input.source))),
            (f) => `Read ${f.size} files`,
          );
    const project = findProject(files);
    if (project)
      return buildProject(files, project, {
        bundler,
        log,
        ...(opts.resolvePackage ? { resolvePackage: opts.resolvePackage } : {}),
        ...(packageFetcher(opts) ? { fetchPackage: packageFetcher(opts) } : {}),
        ...(moduleBuilder(opts) ? { buildModule: moduleBuilder(opts) } : {}),
      });
    const page = findStaticPage(files);
    if (page) {
      log.add('detect', 'Detected a static website');
      return {
        files: await buildStatic(
          rootAtPage(files, page, log),
          log,
          packageFetcher(opts),
          moduleBuilder(opts),
        ),
        packages: {},
        detected: 'static-site',
      };
    }
    const entry = findReactEntry(files, log);
    const built = await react(files, entry, entry.slice(1));
    const assets: BuiltFile[] = [];
    const { makeFile } = await import('./output');
    for (const [p, c] of files) {
      if (!/\.(tsx?|jsx?|mjs|cjs)$/.test(p)) assets.push(await makeFile(p.slice(1), c, false));
    }
    return {
      ...built,
      files: [...built.files, ...assets.filter((a) => !built.files.some((b) => b.path === a.path))],
    };
  }
  const text = textOf(input.source);
  const isHtml =
    input.kind === 'html' ||
    input.hint === 'html' ||
    (input.hint === undefined && looksLikeHtml(text));
  if (isHtml) {
    log.add('detect', 'Detected an HTML page');
    const files = new Map([['/index.html', encoder.encode(text)]]);
    return {
      files: await buildStatic(files, log, packageFetcher(opts), moduleBuilder(opts)),
      packages: {},
      detected: 'html',
    };
  }
  const name = pastedFileName(text, input.hint);
  return react(new Map([[name, encoder.encode(text)]]), name, 'your code');
}

/** A builder that stays warm between builds (one per build worker); dispose it when done. */
export interface Builder {
  build(input: BuildInput, opts?: BuilderOptions): Promise<BuildResult>;
  dispose(): Promise<void>;
}

export function createBuilder(): Builder {
  const bundler = createBundler();
  return { build: (input, opts = {}) => buildWith(bundler, input, opts), dispose: bundler.dispose };
}

let shared: { builder: Builder; idle?: NodeJS.Timeout; running: number } | undefined;

/**
 * Turns pasted code, an HTML page or a zip into static files, or a BuildError. Shares one
 * warm builder that is let go after a moment without builds, so a script using it can exit.
 */
export async function build(input: BuildInput, opts: BuilderOptions = {}): Promise<BuildResult> {
  shared ??= { builder: createBuilder(), running: 0 };
  const mine = shared;
  clearTimeout(mine.idle);
  mine.running++;
  try {
    return await mine.builder.build(input, opts);
  } finally {
    mine.running--;
    if (mine.running === 0) {
      mine.idle = setTimeout(() => {
        if (shared === mine && mine.running === 0) shared = undefined;
        void mine.builder.dispose();
      }, 1000);
      mine.idle.unref();
    }
  }
}

async function buildWith(
  bundler: Bundler,
  input: BuildInput,
  opts: BuilderOptions,
): Promise<BuildResult> {
  const log = new BuildLog(opts.onLog, opts.signal);
  const started = performance.now();
  try {
    await log.checkpoint();
    const out = await buildInner(input, opts, log, bundler);
    // browsers ask every site for /favicon.ico: answer with ours unless the artifact has one
    if (!out.files.some((f) => f.path === 'favicon.ico')) out.files.push(await defaultFavicon());
    const files = out.files.sort((a, b) => a.path.localeCompare(b.path));
    const compressing = performance.now();
    const compression = await compressFiles(files, () => log.checkpoint());
    log.add(
      'output',
      `Compressed the text files (${compression})`,
      'info',
      performance.now() - compressing,
    );
    const bytes = files.reduce((n, f) => n + f.content.byteLength, 0);
    const ms = performance.now() - started;
    log.add(
      'output',
      `Built ${files.length} files (${Math.round(bytes / 1024)} KB) in ${Math.round(ms)} ms`,
      'info',
      ms,
    );
    return {
      files,
      compression,
      manifest: {
        entry: 'index.html',
        files: manifestEntries(files),
        packages: out.packages,
        detected: out.detected,
      },
      logs: log.lines,
      warnings: log.warnings,
    };
  } catch (err) {
    if (err instanceof BuildError) {
      if (err.logs.length === 0) {
        log.add('error', err.message, 'error');
        throw new BuildError(err.message, err.location, log.lines);
      }
      throw err;
    }
    throw err;
  }
}
