import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { OUR_CODE_FOR_NODE, writeOnce } from '../src/server/pipeline/compile-worker';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/artifact-test-server');

/**
 * Each module keeps its own import.meta (the server finds its web build, demos, Vite config
 * and the builder's folders from it), pinned to where its source really is.
 */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const own = {
        url: pathToFileURL(args.path).href,
        dirname: path.dirname(args.path),
        filename: args.path,
      };
      // not where it is itself a string (compile-worker.ts defines it for the worker's bundle)
      const contents = source.replace(
        /(?<!['"`])import\.meta\.(url|dirname|filename)\b(?!['"`])/g,
        (_, key: keyof typeof own) => JSON.stringify(own[key]),
      );
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

let bundled: Promise<string> | undefined;

/**
 * The server's entry (src/server/main.ts) compiled into one ES module, once per change and
 * worker. Tests that start many server processes (clusters, restarts) start this instead of
 * going through tsx: the same code, ready in about a second instead of five, with a fifth of
 * the CPU. npm packages are resolved from the repository's node_modules because the file
 * lives beneath it. main.test.ts still starts the source, as `npm start` does.
 */
export function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const out = await build({
      ...OUR_CODE_FOR_NODE,
      entryPoints: [path.join(ROOT, 'src/server/main.ts')],
      plugins: [ownImportMeta],
    });
    const code = out.outputFiles[0]!.contents;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
    const file = path.join(CACHE_DIR, `main-${hash}.mjs`);
    writeOnce(file, code);
    return file;
  })();
  return bundled;
}
