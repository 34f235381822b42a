import * as esbuild from 'esbuild';
import { syntaxError } from './errors';
import { artifactPlugin, type PluginOptions, type ResolveState } from './resolve-plugin';
import { BuildError } from './types';
import { REPO_ROOT } from './vendor/paths';

export interface BundleOutput {
  /** Output files keyed by path under the site root, e.g. assets/app-X1Y2.js. */
  files: Map<string, Uint8Array>;
  entryJs: string;
  entryCss: string | null;
  state: ResolveState;
}

/** Bundles the artifact's own code; vendor packages stay bare imports for the import map. */
export async function bundleArtifact(
  opts: Omit<PluginOptions, 'state'>,
  fileLabel: string,
): Promise<BundleOutput> {
  const state: ResolveState = { vendorUsed: new Set(), packages: new Map() };
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: ['artifact-entry'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      write: false,
      metafile: true,
      outdir: `${REPO_ROOT}/.artifact-out`,
      entryNames: 'assets/app-[hash]',
      assetNames: 'assets/[name]-[hash]',
      chunkNames: 'assets/chunk-[hash]',
      publicPath: '.',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      absWorkingDir: REPO_ROOT,
      plugins: [artifactPlugin({ ...opts, state })],
    });
  } catch (err) {
    const failure = err as esbuild.BuildFailure;
    const fromPlugin = failure.errors?.find((e) => e.detail instanceof BuildError)?.detail;
    if (fromPlugin instanceof BuildError) {
      opts.log.add('resolve', fromPlugin.message, 'error');
      throw new BuildError(fromPlugin.message, fromPlugin.location, opts.log.lines);
    }
    if (failure.errors?.length) throw syntaxError(failure.errors, opts.log, fileLabel);
    throw err;
  }
  const files = new Map<string, Uint8Array>();
  let entryJs = '';
  let entryCss: string | null = null;
  for (const out of result.outputFiles) {
    const rel = out.path.slice(`${REPO_ROOT}/.artifact-out/`.length);
    files.set(rel, out.contents);
    const meta = result.metafile.outputs[`.artifact-out/${rel}`];
    if (meta?.entryPoint) entryJs = rel;
    if (rel.endsWith('.css') && rel.startsWith('assets/app-')) entryCss = rel;
  }
  return { files, entryJs, entryCss, state };
}
