import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type * as esbuild from 'esbuild';
import { REPO_ROOT } from './builder-corpus';

// Assistants still write brand icons (Github, Twitter, …) that lucide-react dropped in 1.0;
// the assistant's own sandbox renders them from an older release. The reference does the
// plain thing: take the missing names from the last 0.x release, fetched once with npm.
const LAST_WITH_BRANDS = '0.577.0';
const CACHE = path.join(REPO_ROOT, 'node_modules/.cache/reference-lucide', LAST_WITH_BRANDS);
const run = promisify(execFile);
const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));

let oldIcons: Promise<Map<string, string>> | undefined;

/** Icon name → module file in the last lucide-react release that had brand icons. */
function lastBrandRelease(): Promise<Map<string, string>> {
  oldIcons ??= (async () => {
    const pkg = path.join(CACHE, 'package');
    if (!existsSync(pkg)) {
      const tmp = `${CACHE}.tmp-${process.pid}`;
      await mkdir(tmp, { recursive: true });
      const { stdout } = await run(
        'npm',
        ['pack', `lucide-react@${LAST_WITH_BRANDS}`, '--silent', '--pack-destination', tmp],
        { cwd: tmp },
      );
      await run('tar', ['xzf', stdout.trim().split('\n').at(-1)!], { cwd: tmp });
      await mkdir(CACHE, { recursive: true });
      await rename(path.join(tmp, 'package'), pkg).catch(() => undefined);
      await rm(tmp, { recursive: true, force: true });
    }
    const dir = path.join(pkg, 'dist/esm');
    const index = await readFile(path.join(dir, 'lucide-react.js'), 'utf8');
    const map = new Map<string, string>();
    for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g)) {
      for (const part of m[1]!.split(',')) {
        const name = /default as (\w+)/.exec(part)?.[1];
        if (name) map.set(name, path.join(dir, m[2]!));
      }
    }
    return map;
  })();
  return oldIcons;
}

function importedIcons(files: Map<string, Buffer>): Set<string> {
  const names = new Set<string>();
  for (const [, content] of files) {
    for (const m of `${content}`.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** lucide-react as the artifact sees it: today's package plus any brand icons it imports. */
export function brandIconPlugin(files: Map<string, Buffer>): esbuild.Plugin {
  return {
    name: 'reference-lucide',
    setup(build) {
      build.onResolve({ filter: /^lucide-react$/ }, async (args) => {
        if (args.namespace === 'reference-lucide') return undefined;
        const current = new Set(Object.keys(requireFromRoot('lucide-react') as object));
        const missing = [...importedIcons(files)].filter((n) => !current.has(n));
        if (missing.length === 0) return undefined;
        return { path: missing.join(','), namespace: 'reference-lucide' };
      });
      build.onLoad({ filter: /.*/, namespace: 'reference-lucide' }, async (args) => {
        const old = await lastBrandRelease();
        const lines = [`export * from 'lucide-react';`];
        for (const name of args.path.split(',')) {
          const file = old.get(name);
          if (file) lines.push(`export { default as ${name} } from ${JSON.stringify(file)};`);
        }
        return { contents: lines.join('\n'), loader: 'js', resolveDir: REPO_ROOT };
      });
    },
  };
}
