import * as esbuild from 'esbuild';
import { syntaxError } from './errors';
import { createMountChecker, type MountChecker } from './mount-check';
import { REPO_ROOT } from './paths';
import { hashName } from './output';
import { artifactPlugin, type BundleJob } from './resolve-plugin';
import { sharedReactBlock, sharedReactPlugin, usesSharedReact } from './shared-react';
import { BuildError } from './types';

export interface BundleOutput {
  /** Output files keyed by path under the site root, e.g. assets/app-X1Y2.js. */
  files: Map<string, Uint8Array>;
  entryJs: string;
  entryCss: string | null;
  /** Every source file in the bundle, relative to the repository root (kit files included). */
  inputs: string[];
}

const OUT_DIR = `${REPO_ROOT}/.artifact-out`;

/** What Vite defines, for artifacts written for it; unknown keys read as undefined. */
const VITE_ENV = JSON.stringify({
  MODE: 'production',
  DEV: false,
  PROD: true,
  SSR: false,
  BASE_URL: '/',
});

/**
 * One long-lived esbuild context per kind of output, reused by every artifact: node_modules
 * files are read and parsed once, then each build re-parses only the artifact's own code.
 * Builds take turns, since the context serves one artifact at a time. The mount check's
 * context is the bundler's too, so disposing it leaves no esbuild service running.
 */
export interface Bundler {
  bundle(job: BundleJob, fileLabel: string, splitting: boolean): Promise<BundleOutput>;
  checkMount: MountChecker['check'];
  dispose(): Promise<void>;
}

const NO_DEFAULT = /No matching export in "([^"]+)" for import "default"/;

export function createBundler(): Bundler {
  let current: BundleJob | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const defaultShims = new Set<string>();
  const contexts = new Map<boolean, Promise<esbuild.BuildContext>>();
  const mountChecker = createMountChecker();

  function context(splitting: boolean) {
    let ctx = contexts.get(splitting);
    if (!ctx) {
      ctx = esbuild.context({
        entryPoints: ['artifact-entry'],
        bundle: true,
        splitting,
        format: 'esm',
        platform: 'browser',
        target: 'es2020',
        minify: true,
        write: false,
        metafile: true,
        outdir: OUT_DIR,
        entryNames: 'assets/app-[hash]',
        assetNames: 'assets/[name]-[hash]',
        chunkNames: 'assets/chunk-[hash]',
        publicPath: '.',
        jsx: 'automatic',
        define: {
          'process.env.NODE_ENV': '"production"',
          'import.meta.env': VITE_ENV,
          global: 'globalThis',
        },
        logLevel: 'silent',
        logOverride: { 'import-is-undefined': 'silent' },
        absWorkingDir: REPO_ROOT,
        plugins: [
          // a split bundle's chunks are modules of their own, which cannot see one file's block
          ...(splitting ? [] : [sharedReactPlugin]),
          artifactPlugin(() => {
            if (!current) throw new Error('No artifact is being built.');
            return current;
          }, defaultShims),
        ],
      });
      contexts.set(splitting, ctx);
    }
    return ctx;
  }

  type Result = esbuild.BuildResult<{ write: false; metafile: true }>;

  async function run(job: BundleJob, fileLabel: string, splitting: boolean): Promise<Result> {
    current = job;
    const ctx = await context(splitting);
    for (;;) {
      try {
        return (await ctx.rebuild()) as Result;
      } catch (err) {
        const failure = err as esbuild.BuildFailure;
        const fromPlugin = failure.errors?.find((e) => e.detail instanceof BuildError)?.detail;
        if (fromPlugin instanceof BuildError) {
          job.log.add('resolve', fromPlugin.message, 'error');
          throw new BuildError(fromPlugin.message, fromPlugin.location, job.log.lines);
        }
        // `import d3 from 'd3'`: d3 has no default export; give it its namespace and retry
        const noDefault = failure.errors
          ?.map((e) => ({ file: NO_DEFAULT.exec(e.text)?.[1], e }))
          .find((x) => x.file && x.e.location?.lineText);
        const spec = noDefault && /from\s*['"]([^'"]+)['"]/.exec(noDefault.e.location!.lineText);
        if (spec?.[1] && !defaultShims.has(spec[1]) && !spec[1].startsWith('.')) {
          defaultShims.add(spec[1]);
          continue;
        }
        if (failure.errors?.length) throw syntaxError(failure.errors, job.log, fileLabel);
        throw err;
      }
    }
  }

  return {
    bundle(job, fileLabel, splitting) {
      const next = queue.then(async (): Promise<BundleOutput> => {
        try {
          const result = await run(job, fileLabel, splitting);
          const files = new Map<string, Uint8Array>();
          let entryJs = '';
          let entryCss: string | null = null;
          for (const out of result.outputFiles) {
            const rel = out.path.slice(`${OUT_DIR}/`.length);
            files.set(rel, out.contents);
            const meta = result.metafile.outputs[`.artifact-out/${rel}`];
            if (meta?.entryPoint) entryJs = rel;
            if (rel.endsWith('.css') && rel.startsWith('assets/app-')) entryCss = rel;
          }
          const inputs = Object.keys(result.metafile.inputs);
          const code = files.get(entryJs);
          if (code && usesSharedReact(code)) {
            const react = await sharedReactBlock();
            const whole = new Uint8Array(react.code.byteLength + code.byteLength);
            whole.set(react.code);
            whole.set(code, react.code.byteLength);
            files.delete(entryJs);
            // named for what it holds, so a new React is a new address too
            entryJs = hashName('app', '.js', whole);
            files.set(entryJs, whole);
            inputs.push(...react.inputs);
          }
          return { files, entryJs, entryCss, inputs };
        } finally {
          current = undefined;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    checkMount: mountChecker.check,
    async dispose() {
      await queue;
      const all = [...contexts.values()];
      contexts.clear();
      await Promise.all([...all.map(async (c) => (await c).dispose()), mountChecker.dispose()]);
    },
  };
}
