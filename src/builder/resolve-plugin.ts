import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { iconModule, importedIconNames } from './lucide';
import { BuildError, type PackageResolver, type ResolvedPackage } from './types';
import type { BuildLog } from './log';
import type { Vendor } from './vendor/load';
import { normalizeKitSpecifier, packageName } from './vendor/specs';
import { REPO_ROOT } from './vendor/paths';

export type SourceFiles = Map<string, Uint8Array>;

export interface ResolveState {
  /** Vendor specifiers the page imports, for the import map. */
  vendorUsed: Set<string>;
  /** Long-tail packages fetched for this build, keyed by the specifier imported. */
  packages: Map<string, ResolvedPackage>;
}

const NODE_BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')));
const EXTENSIONS = [
  '',
  '.tsx',
  '.ts',
  '.jsx',
  '.js',
  '.json',
  '/index.tsx',
  '/index.ts',
  '/index.jsx',
  '/index.js',
];
const LOADERS: Record<string, 'tsx' | 'ts' | 'jsx' | 'js' | 'json' | 'css' | 'file' | 'text'> = {
  '.tsx': 'tsx',
  '.ts': 'ts',
  '.jsx': 'jsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.json': 'json',
  '.css': 'css',
  '.txt': 'text',
  '.md': 'text',
  '.csv': 'text',
};

export function loaderFor(
  file: string,
): 'tsx' | 'ts' | 'jsx' | 'js' | 'json' | 'css' | 'file' | 'text' {
  return LOADERS[path.extname(file).toLowerCase()] ?? 'file';
}

const decoder = new TextDecoder();

export interface PluginOptions {
  files: SourceFiles;
  /** Replaces a file's text before it is compiled (entry fixes that keep line numbers). */
  transformSource?: (file: string, text: string) => string;
  entryCode: string;
  vendor: Vendor;
  log: BuildLog;
  state: ResolveState;
  resolvePackage?: PackageResolver;
}

export function artifactPlugin(opts: PluginOptions): Plugin {
  const { files, vendor, log, state } = opts;
  const specs = vendor.map.specifiers;
  const texts = [...files].filter(([f]) => /\.[jt]sx?$/.test(f)).map(([, c]) => decoder.decode(c));
  const iconNames = importedIconNames(texts);
  const warned = new Set<string>();

  return {
    name: 'artifact',
    setup(build) {
      build.onResolve({ filter: /^artifact-entry$/ }, () => ({
        path: '/__entry.js',
        namespace: 'artifact-entry',
      }));
      build.onLoad({ filter: /.*/, namespace: 'artifact-entry' }, () => ({
        contents: opts.entryCode,
        loader: 'js',
        resolveDir: '/',
      }));

      build.onResolve({ filter: /^(\.{1,2}\/|\/)/ }, (args) => {
        if (args.namespace !== 'artifact' && args.namespace !== 'artifact-entry') return undefined;
        const base = path.posix.resolve(path.posix.dirname(args.importer || '/x'), args.path);
        const clean = base.split('?')[0]!;
        for (const ext of EXTENSIONS) {
          if (files.has(clean + ext)) return { path: clean + ext, namespace: 'artifact' };
        }
        throw new BuildError(
          `"${args.importer.replace(/^\//, '')}" imports "${args.path}", but there is no such file in the upload.`,
        );
      });

      build.onLoad({ filter: /.*/, namespace: 'artifact' }, (args) => {
        const loader = loaderFor(args.path);
        const bytes = files.get(args.path)!;
        if (loader === 'file') return { contents: bytes, loader: 'file' };
        const text = decoder.decode(bytes);
        return {
          contents: opts.transformSource ? opts.transformSource(args.path, text) : text,
          loader,
          resolveDir: REPO_ROOT,
        };
      });

      build.onResolve({ filter: /^lucide-react$/ }, () =>
        iconNames ? { path: 'lucide-react', namespace: 'lucide' } : external('lucide-react'),
      );
      build.onLoad({ filter: /.*/, namespace: 'lucide' }, () => ({
        contents: iconModule(iconNames ?? new Set(), (m) => log.warn('resolve', m)),
        loader: 'js',
        resolveDir: REPO_ROOT,
      }));

      build.onResolve({ filter: /^node:|^[a-z_]/ }, (args) => {
        const bare = args.path.replace(/^node:/, '');
        if (
          args.path.startsWith('node:') ||
          (NODE_BUILTINS.has(packageName(bare)) && !specs[args.path])
        ) {
          if (!warned.has(bare)) {
            warned.add(bare);
            log.warn(
              'resolve',
              `"${args.path}" is a Node.js module that browsers do not have; it was replaced by an empty stand-in.`,
            );
          }
          return { path: bare, namespace: 'node-stub' };
        }
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'node-stub' }, (args) => ({
        contents: `module.exports = new Proxy({}, { get: (_, p) => p === '__esModule' ? false : () => { throw new Error(${JSON.stringify(args.path)} + '.' + String(p) + ' is a Node.js feature that does not exist in the browser.'); } });`,
        loader: 'js',
      }));

      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        const spec = normalizeKitSpecifier(args.path);
        if (specs[spec]) return external(spec);
        if (spec.startsWith('@/')) {
          throw new BuildError(
            `The code imports "${args.path}", which is not part of the built-in component kit. Available: ${Object.keys(
              specs,
            )
              .filter((s) => s.startsWith('@/'))
              .join(', ')}.`,
          );
        }
        const pkg = packageName(spec);
        if (Object.values(specs).some((s) => s.pkg === pkg)) {
          // a deep import into a preinstalled package (lodash/debounce): bundle it from node_modules
          return undefined;
        }
        if (state.packages.has(spec)) return { path: spec, external: true };
        if (!opts.resolvePackage) {
          throw new BuildError(
            `The package "${spec}" is not available (no npm resolver configured).`,
          );
        }
        try {
          state.packages.set(spec, await opts.resolvePackage(spec));
        } catch (err) {
          if (err instanceof BuildError) throw err;
          throw new BuildError(
            `The package "${spec}" could not be loaded: ${(err as Error).message}`,
          );
        }
        return { path: spec, external: true };
      });

      function external(spec: string) {
        state.vendorUsed.add(spec);
        return { path: spec, external: true };
      }
    },
  };
}
