import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { lookup } from 'mime-types';
import { REPO_ROOT } from './builder-corpus';
import type { SiteFile } from './builder-serve';

// What the reference builds share: where the kit lives, how an upload's own imports and the
// kit's are found, and how a built file is served.

export const RUNTIME_DIR = path.join(REPO_ROOT, 'src/builder/runtime');
export const CODE_FILE = /\.(jsx|tsx|js|ts|mjs)$/;

export interface ReferenceSite {
  files: SiteFile[];
  /** Path of the page to open, e.g. "index.html" or "site/index.html". */
  page: string;
}

/** import.meta.env as a Vite production build defines it. */
export const VITE_ENV = { MODE: 'production', DEV: false, PROD: true, SSR: false, BASE_URL: '/' };

export async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

export function siteFile(filePath: string, content: Uint8Array): SiteFile {
  const type = lookup(filePath) || 'application/octet-stream';
  const text = /^(text\/|application\/(javascript|json))/.test(type) || filePath.endsWith('.js');
  return {
    path: filePath,
    content,
    contentType: filePath.endsWith('.js')
      ? 'text/javascript; charset=utf-8'
      : `${type}${text ? '; charset=utf-8' : ''}`,
  };
}

export const exists = (file: string) =>
  readFile(file).then(
    () => true,
    () => false,
  );

/**
 * `@/…` is the upload's own file when it has one (its root, then src/), as peers alias it;
 * `../components/ui/x` and `../lib/utils` are the kit when the upload lacks them; URL imports
 * are left to the browser, which the reference CDN answers.
 */
export function uploadPlugin(root: string): esbuild.Plugin {
  return {
    name: 'reference-upload',
    setup(build) {
      build.onResolve({ filter: /^https?:\/\// }, (args) => ({ path: args.path, external: true }));
      build.onResolve({ filter: /^@\// }, async (args) => {
        for (const base of [root, path.join(root, 'src')]) {
          for (const ext of ['', '.tsx', '.ts', '.jsx', '.js', '.json']) {
            const file = path.join(base, args.path.slice(2) + ext);
            if (await exists(file)) return { path: file };
          }
        }
        return undefined;
      });
      build.onResolve(
        { filter: /(^|\/)(components\/ui\/[\w-]+|lib\/utils|hooks\/use-toast)$/ },
        async (args) => {
          if (!args.path.startsWith('.')) return undefined;
          const local = path.resolve(args.resolveDir, args.path);
          for (const ext of ['.tsx', '.ts', '.jsx', '.js'])
            if (await exists(local + ext)) return undefined;
          const rest = args.path.replace(/^.*?(components\/ui\/|lib\/|hooks\/)/, '$1');
          return build.resolve(`@/${rest}`, { kind: args.kind, resolveDir: args.resolveDir });
        },
      );
    },
  };
}

/** `@/components/ui/x`, `@/lib/utils`, `@/hooks/use-toast`, `next/*`: the kit's own files. */
export const kitPlugin: esbuild.Plugin = {
  name: 'reference-kit',
  setup(build) {
    build.onResolve(
      { filter: /^@\/?(components|lib|hooks)\/|^next\/(image|link)$/ },
      async (args) => {
        const rest = args.path.replace(/^@\/?/, '').replace(/\.(tsx?|jsx?)$/, '');
        const base = rest.startsWith('next/')
          ? `shims/next-${rest.slice(5)}`
          : rest.replace(/^components\/ui\//, 'ui/').replace(/^hooks\//, 'ui/');
        for (const ext of ['.tsx', '.ts']) {
          const file = path.join(RUNTIME_DIR, base + ext);
          if (
            await readFile(file).then(
              () => true,
              () => false,
            )
          ) {
            return { path: file };
          }
        }
        return { errors: [{ text: `the kit has no ${args.path}` }] };
      },
    );
  },
};
