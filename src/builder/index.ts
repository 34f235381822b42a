import { looksLikeHtml } from './detect';
import { BuildLog } from './log';
import { manifestEntries } from './output';
import { buildReact, pastedFileName } from './react';
import { buildStatic } from './static-site';
import {
  BuildError,
  type BuildInput,
  type BuildOptions,
  type BuildResult,
  type BuiltFile,
} from './types';
import { ensureVendor } from './vendor/load';
import { extractZip, unwrapSingleFolder } from './zip';

export * from './types';
export { SITE_RUNTIME_ENDPOINTS, STORAGE_LIMITS } from './contract';
export type * from './contract';
export { createNpmResolver, type NpmResolverOptions } from './npm/resolver';
export { ensureVendor } from './vendor/load';
export { DEFAULT_VENDOR_DIR, DEFAULT_NPM_CACHE_DIR } from './vendor/paths';
export { ZIP_LIMITS } from './zip';

export interface BuilderOptions extends BuildOptions {
  /** Where prebuilt vendor modules live (built there on first use when missing). */
  vendorDir?: string;
}

const encoder = new TextEncoder();
const ENTRY_NAMES = /^\/(src\/)?(App|app|index|main)\.(tsx|jsx|ts|js)$/;

async function buildInner(input: BuildInput, opts: BuilderOptions, log: BuildLog) {
  const vendor = await ensureVendor(opts.vendorDir);
  if (input.kind === 'zip') {
    if (typeof input.source === 'string') throw new BuildError('A zip upload must be bytes.');
    const files = await log.step(
      'extract',
      async () => unwrapSingleFolder(await extractZip(input.source as Uint8Array)),
      (f) => `Unpacked ${f.size} files from the zip`,
    );
    if (files.has('/index.html')) {
      log.add('detect', 'Detected a static website (index.html at the top)');
      return {
        files: await buildStatic(files, vendor, log),
        packages: {},
        detected: 'static-site',
      };
    }
    const entries = [...files.keys()].filter((f) => ENTRY_NAMES.test(f));
    const mounting = entries.find((f) =>
      /createRoot|ReactDOM\.render/.test(new TextDecoder().decode(files.get(f))),
    );
    const entry = mounting ?? entries.find((f) => /\/App\./i.test(f)) ?? entries[0];
    if (!entry) {
      const list = [...files.keys()]
        .slice(0, 20)
        .map((f) => f.slice(1))
        .join(', ');
      throw new BuildError(
        `The zip has no index.html and no React entry file (App, index or main .jsx/.tsx). Found: ${list}${files.size > 20 ? ', …' : ''}`,
      );
    }
    const built = await buildReact(files, entry, vendor, log, opts.resolvePackage, entry.slice(1));
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
  const text =
    typeof input.source === 'string' ? input.source : new TextDecoder().decode(input.source);
  const isHtml =
    input.kind === 'html' ||
    input.hint === 'html' ||
    (input.hint === undefined && looksLikeHtml(text));
  if (isHtml) {
    log.add('detect', 'Detected an HTML page');
    const files = new Map([['/index.html', encoder.encode(text)]]);
    return { files: await buildStatic(files, vendor, log), packages: {}, detected: 'html' };
  }
  const name = pastedFileName(text, input.hint);
  return buildReact(
    new Map([[name, encoder.encode(text)]]),
    name,
    vendor,
    log,
    opts.resolvePackage,
    'your code',
  );
}

/** Turns pasted code, an HTML page or a zip into static files, or a BuildError. */
export async function build(input: BuildInput, opts: BuilderOptions = {}): Promise<BuildResult> {
  const log = new BuildLog(opts.onLog);
  const started = performance.now();
  try {
    opts.signal?.throwIfAborted();
    const out = await buildInner(input, opts, log);
    const files = out.files.sort((a, b) => a.path.localeCompare(b.path));
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
