import * as esbuild from 'esbuild';
import { RUNTIME_DIR } from './paths';

/**
 * One browser script made from the page runtime's sources (`runtime/`): `contents` imports
 * what it needs from there, and comes back as a single minified IIFE for the browsers every
 * page supports. The runtime script, the error card and the build's mount check share it.
 */
export async function runtimeScript(
  contents: string,
  define: Record<string, string> = {},
): Promise<esbuild.OutputFile> {
  const out = await esbuild.build({
    stdin: { contents, resolveDir: RUNTIME_DIR, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    logLevel: 'silent',
    define,
  });
  return out.outputFiles[0]!;
}
