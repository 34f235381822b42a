import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync, type BuildOptions } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const CACHE_DIR = path.resolve(here, '../../../node_modules/.cache/artifact-worker');

/** Our code as one ES module for Node; npm packages stay imports, loaded from node_modules. */
export const OUR_CODE_FOR_NODE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  write: false,
  logLevel: 'silent',
} as const satisfies BuildOptions;

/**
 * A worker thread's module (build-worker.ts, recompress-worker.ts) as one compiled ES module,
 * behind a CommonJS door (below). Node 20 does not carry the TypeScript loader (tsx, or
 * vitest's) into worker threads, so the thread gets plain JavaScript, compiled once per
 * change. npm packages stay imports, resolved from the repository's node_modules because the
 * file lives beneath it. The builder finds its own folders from import.meta.url, which is
 * pinned to where its source really is.
 */
export function compiledWorker(name: 'build-worker' | 'recompress-worker'): string {
  const pathsModule = path.resolve(here, '../../builder/paths.ts');
  const out = buildSync({
    ...OUR_CODE_FOR_NODE,
    entryPoints: [path.join(here, `${name}.ts`)],
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(pathsModule).href) },
  });
  const code = out.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const esm = path.join(CACHE_DIR, `${name}-${hash}.mjs`);
  writeOnce(esm, code);
  // Piscina loads its file with require() first, and Node 20's require() of an ES module once
  // aborted a whole test process ("v8::Module::IsGraphAsync must be used on an instantiated
  // module", under piscina's require). This CommonJS door starts an ordinary import() as the
  // thread starts, so the thread is as warm as before and nothing is required synchronously.
  const door = path.join(CACHE_DIR, `${name}-${hash}.cjs`);
  writeOnce(
    door,
    `'use strict';
const loading = import(${JSON.stringify(pathToFileURL(esm).href)}).then((m) => m.default);
// Loaded and failed before any task asked: the task that asks gets the error.
loading.catch(() => {});
module.exports = async function runTask(task) {
  return (await loading)(task);
};
`,
  );
  return door;
}

/** Several processes may start at once: each writes its own file, and the rename is atomic. */
export function writeOnce(file: string, content: string | Uint8Array): void {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}
