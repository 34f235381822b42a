import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const CACHE_DIR = path.resolve(here, '../../../node_modules/.cache/artifact-worker');

/**
 * The build worker as one compiled ES module. Node 20 does not carry the TypeScript loader
 * (tsx, or vitest's) into worker threads, so the thread gets plain JavaScript, compiled
 * once per change. npm packages stay imports, resolved from the repository's node_modules
 * because the file lives beneath it. The builder finds its own folders from import.meta.url,
 * which is pinned to where its source really is.
 */
export function compiledBuildWorker(): string {
  const pathsModule = path.resolve(here, '../../builder/paths.ts');
  const out = buildSync({
    entryPoints: [path.join(here, 'build-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(pathsModule).href) },
  });
  const code = out.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(CACHE_DIR, `build-worker-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Several processes may start at once: each writes its own file, the rename is atomic.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, code);
    renameSync(temp, file);
  }
  return file;
}
