import { builtinModules } from 'node:module';
import path from 'node:path';
import type { OnResolveArgs, OnResolveResult, Plugin } from 'esbuild';
import { kitSpecifiers, normalizeKitSpecifier, packageName, PREINSTALLED_PACKAGES } from './kit';
import { iconModule, type BrandIcons } from './lucide';
import type { BuildLog } from './log';
import { REPO_ROOT, RUNTIME_DIR } from './paths';
import { BuildError, type PackageResolver, type ResolvedPackage } from './types';

export type SourceFiles = Map<string, Uint8Array>;

/** One artifact's part of a bundle: what the long-lived plugin reads during a rebuild. */
export interface BundleJob {
  files: SourceFiles;
  /** Replaces a file's text before it is compiled (entry fixes that keep line numbers). */
  transformSource?: (file: string, text: string) => string;
  entryCode: string;
  log: BuildLog;
  resolvePackage?: PackageResolver;
  /** Icons imported from lucide-react, or null when imported in a way we cannot list. */
  iconNames: Set<string> | null;
  brandIcons: BrandIcons;
  /** Long-tail packages fetched for this build, keyed by the specifier imported. */
  packages: Map<string, ResolvedPackage>;
}

const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_'));
// Matched in esbuild's own (Go) regex engine, so the thousands of imports inside node_modules
// never make a round trip to these callbacks: that is what keeps a warm rebuild fast.
const BUILTIN_FILTER = new RegExp(
  `^(node:.*|(${NODE_BUILTINS.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?)$`,
);
const PREINSTALLED = new Set<string>(PREINSTALLED_PACKAGES);
const KIT = kitSpecifiers();
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
/** Namespaces whose imports are the artifact's own (not a package's internals). */
const OURS = new Set(['artifact', 'artifact-entry', 'npm']);

/**
 * Serves the artifact as a virtual entry to a long-lived esbuild context: `job()` names the
 * artifact being built now, so the context (and its cache of node_modules) outlives it.
 * `defaultShims` lists packages imported as `import x from 'pkg'` though they have no default
 * export, a common slip; they get one (their namespace), as the assistant's sandbox gives.
 */
export function artifactPlugin(job: () => BundleJob, defaultShims: Set<string>): Plugin {
  const warned = new Set<string>();
  return {
    name: 'artifact',
    setup(build) {
      build.onStart(() => warned.clear());
      build.onResolve({ filter: /^artifact-entry$/ }, () => ({
        path: '/__entry.js',
        namespace: 'artifact-entry',
      }));
      build.onLoad({ filter: /.*/, namespace: 'artifact-entry' }, () => ({
        contents: job().entryCode,
        loader: 'js',
        resolveDir: REPO_ROOT,
      }));

      const relative = (args: OnResolveArgs) => {
        const { files } = job();
        const base = path.posix.resolve(path.posix.dirname(args.importer || '/x'), args.path);
        const clean = base.split('?')[0]!;
        for (const ext of EXTENSIONS) {
          if (files.has(clean + ext)) return { path: clean + ext, namespace: 'artifact' };
        }
        throw new BuildError(
          `"${args.importer.replace(/^\//, '')}" imports "${args.path}", but there is no such file in the upload.`,
        );
      };
      for (const namespace of ['artifact', 'artifact-entry'])
        build.onResolve({ filter: /^(\.{1,2}\/|\/)/, namespace }, relative);

      build.onLoad({ filter: /.*/, namespace: 'artifact' }, (args) => {
        const { files, transformSource } = job();
        const loader = loaderFor(args.path);
        const bytes = files.get(args.path)!;
        if (loader === 'file') return { contents: bytes, loader: 'file' };
        const text = decoder.decode(bytes);
        return {
          contents: transformSource ? transformSource(args.path, text) : text,
          loader,
          resolveDir: REPO_ROOT,
        };
      });

      // a fetched package's own icon imports are not listed: it gets the real lucide-react,
      // whose icon modules are the same files, so nothing is bundled twice
      build.onResolve({ filter: /^lucide-react$/ }, (args) =>
        job().iconNames && args.namespace !== 'npm'
          ? { path: 'lucide-react', namespace: 'lucide' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'lucide' }, () => {
        const { iconNames, brandIcons, log } = job();
        return {
          contents: iconModule(iconNames ?? new Set(), brandIcons, (m) => log.warn('resolve', m)),
          loader: 'js',
          resolveDir: REPO_ROOT,
        };
      });
      build.onResolve({ filter: /^lucide-brand:/ }, (args) => ({
        path: args.path.slice('lucide-brand:'.length),
        namespace: 'lucide-brand',
      }));
      build.onLoad({ filter: /.*/, namespace: 'lucide-brand' }, (args) => ({
        contents: job().brandIcons.get(args.path) ?? '',
        loader: 'js',
        resolveDir: REPO_ROOT,
      }));

      build.onResolve({ filter: BUILTIN_FILTER }, (args) => {
        const bare = args.path.replace(/^node:/, '');
        if (OURS.has(args.namespace) && !warned.has(bare)) {
          warned.add(bare);
          job().log.warn(
            'resolve',
            `"${args.path}" is a Node.js module that browsers do not have; it was replaced by an empty stand-in.`,
          );
        }
        return { path: bare, namespace: 'node-stub' };
      });
      build.onLoad({ filter: /.*/, namespace: 'node-stub' }, (args) => ({
        contents: `module.exports = new Proxy({}, { get: (_, p) => p === '__esModule' ? false : () => { throw new Error(${JSON.stringify(args.path)} + '.' + String(p) + ' is a Node.js feature that does not exist in the browser.'); } });`,
        loader: 'js',
      }));

      build.onResolve({ filter: /^default-shim:/ }, (args) => ({
        path: args.path.slice('default-shim:'.length),
        namespace: 'default-shim',
      }));
      build.onLoad({ filter: /.*/, namespace: 'default-shim' }, (args) => {
        const from = JSON.stringify(args.path);
        return {
          contents: `import * as ns from ${from};\nexport * from ${from};\nexport default ns;\n`,
          loader: 'js',
          resolveDir: REPO_ROOT,
        };
      });

      const bare = async (args: OnResolveArgs): Promise<OnResolveResult | undefined> => {
        const spec = normalizeKitSpecifier(args.path);
        const kitFile = KIT[spec];
        if (kitFile) return { path: path.join(RUNTIME_DIR, kitFile) };
        if (spec.startsWith('@/')) {
          throw new BuildError(
            `The code imports "${args.path}", which is not part of the built-in component kit. Available: ${Object.keys(
              KIT,
            )
              .filter((s) => s.startsWith('@/'))
              .join(', ')}.`,
          );
        }
        const pkg = packageName(spec);
        if (PREINSTALLED.has(pkg)) {
          if (defaultShims.has(spec) && args.kind === 'import-statement')
            return { path: spec, namespace: 'default-shim' };
          return undefined;
        }
        const { packages, resolvePackage } = job();
        if (!packages.has(spec)) {
          if (!resolvePackage) {
            throw new BuildError(
              `The package "${spec}" is not available (no npm resolver configured).`,
            );
          }
          try {
            packages.set(spec, await resolvePackage(spec));
          } catch (err) {
            if (err instanceof BuildError) throw err;
            throw new BuildError(
              `The package "${spec}" could not be loaded: ${(err as Error).message}`,
            );
          }
        }
        return { path: spec, namespace: 'npm' };
      };
      for (const namespace of OURS) build.onResolve({ filter: /^[^./]/, namespace }, bare);
      build.onLoad({ filter: /.*/, namespace: 'npm' }, (args) => ({
        contents: job().packages.get(args.path)!.code,
        loader: 'js',
        resolveDir: REPO_ROOT,
      }));
    },
  };
}
