import { builtinModules } from 'node:module';
import path from 'node:path';
import type { OnResolveArgs, OnResolveResult, Plugin } from 'esbuild';
import { readCdnLink } from './cdn/links';
import { installedSatisfies } from './installed';
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
  /** True for a single paste: it has no other files, so a missing one calls for a zip. */
  paste?: boolean;
  /** Version ranges the artifact asks for, by package name (package.json, an import map). */
  versions?: ReadonlyMap<string, string>;
  /** Path aliases (`@/` → `/src/`): each prefix is tried against the folders listed, in order. */
  aliases?: ReadonlyArray<{ prefix: string; folders: string[] }>;
  /** Bare names an import map points at another package (`"genai": "https://esm.sh/@google/genai"`). */
  renames?: ReadonlyMap<string, string>;
}

/** Where `@/…` is looked for in an upload without its own alias settings: its root, then src/. */
export const DEFAULT_ALIASES = [{ prefix: '@/', folders: ['/', '/src/'] }];

const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_'));
// Matched in esbuild's own (Go) regex engine, so the thousands of imports inside node_modules
// never make a round trip to these callbacks: that is what keeps a warm rebuild fast.
const BUILTIN_FILTER = new RegExp(
  `^(node:.*|(${NODE_BUILTINS.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?)$`,
);
const PREINSTALLED = new Set<string>(PREINSTALLED_PACKAGES);
/** One copy of React for the page and the kit, whatever version an artifact names. */
const ALWAYS_INSTALLED = new Set(['react', 'react-dom']);
/** Relative paths that mean the kit when the upload lacks the file (`../components/ui/button`). */
const KIT_TAIL =
  /(?:^|\/)(components\/ui\/[\w-]+|lib\/utils|hooks\/use-toast)(?:\.(?:tsx?|jsx?))?$/;
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
const LOADERS: Record<string, Loader> = {
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

type Loader = 'tsx' | 'ts' | 'jsx' | 'js' | 'json' | 'css' | 'local-css' | 'file' | 'text';

export function loaderFor(file: string, suffix = ''): Loader {
  // Vite's query suffixes: `?raw` is the file's text, `?url` its address
  if (/^\?raw\b/.test(suffix)) return 'text';
  if (/^\?url\b/.test(suffix)) return 'file';
  if (/\.module\.css$/i.test(file)) return 'local-css';
  return LOADERS[path.extname(file).toLowerCase()] ?? 'file';
}

/** A file of the upload for a path without its extension, or undefined. */
function ownFile(files: SourceFiles, base: string): string | undefined {
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  return undefined;
}

/** How an error names the file that imports: the person's own file name, never one we made up. */
function importerName(job: BundleJob, importer: string): string {
  if (job.paste || !importer || importer === '/__entry.js') return 'Your code';
  return `"${importer.replace(/^\//, '')}"`;
}

function missingOwnFile(job: BundleJob, importer: string, spec: string, looked?: string[]) {
  if (job.paste)
    return new BuildError(
      `Your code imports "${spec}", a file of its own that a single paste cannot carry. To include it, upload a .zip with it.`,
    );
  const where = looked?.length
    ? ` (looked for ${looked.map((l) => l.slice(1)).join(' and ')})`
    : '';
  return new BuildError(
    `${importerName(job, importer)} imports "${spec}", but the upload has no such file${where}. Add it to the zip, or fix the import's path.`,
  );
}

const decoder = new TextDecoder();
const JSX_IN_JS = /<\/[A-Za-z]|<[A-Z][\w.]*[\s/>]|<>|\/>/;
/**
 * The kit imports each Radix part from its own package, not through the radix-ui package that
 * re-exports all sixty: a warm rebuild then links only the parts a page uses, about 20 ms
 * less for any artifact on the kit. The parts are the ones radix-ui itself depends on, wherever
 * npm put them, so radix-ui stays the one version to upgrade.
 */
const RADIX_PARTS_FROM = path.join(REPO_ROOT, 'node_modules/radix-ui');

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

      const kitFallback = (clean: string) => {
        const tail = KIT_TAIL.exec(clean);
        const kitFile = tail ? KIT[normalizeKitSpecifier(`@/${tail[1]}`)] : undefined;
        return kitFile ? { path: path.join(RUNTIME_DIR, kitFile) } : undefined;
      };
      const relative = (args: OnResolveArgs) => {
        // `//esm.sh/x`: a URL without its scheme, not a path of the upload
        if (args.path.startsWith('//')) return fromUrl(args);
        const job_ = job();
        const base = path.posix.resolve(path.posix.dirname(args.importer || '/x'), args.path);
        const query = /\?.*$/.exec(base)?.[0] ?? '';
        const clean = base.slice(0, base.length - query.length);
        const found = ownFile(job_.files, clean);
        if (found) return { path: found, namespace: 'artifact', suffix: query };
        const kit = kitFallback(clean);
        if (kit) return kit;
        throw missingOwnFile(job_, args.importer, args.path);
      };
      for (const namespace of ['artifact', 'artifact-entry'])
        build.onResolve({ filter: /^(\.{1,2}\/|\/)/, namespace }, relative);

      build.onLoad({ filter: /.*/, namespace: 'artifact' }, (args) => {
        const { files, transformSource } = job();
        let loader = loaderFor(args.path, args.suffix);
        const bytes = files.get(args.path)!;
        if (loader === 'file') return { contents: bytes, loader: 'file' };
        const text = decoder.decode(bytes);
        // Create React App and its kind write JSX in .js files
        if (loader === 'js' && JSX_IN_JS.test(text)) loader = 'jsx';
        return {
          contents: transformSource ? transformSource(args.path, text) : text,
          loader,
          resolveDir: REPO_ROOT,
        };
      });

      build.onResolve({ filter: /^@radix-ui\/react-/ }, (args) =>
        args.importer.startsWith(RUNTIME_DIR)
          ? build.resolve(args.path, { kind: args.kind, resolveDir: RADIX_PARTS_FROM })
          : undefined,
      );

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

      /** `@/data/x.json` and other aliases, against the upload's own files first. */
      const aliased = (args: OnResolveArgs): OnResolveResult | undefined => {
        const j = job();
        for (const alias of j.aliases ?? DEFAULT_ALIASES) {
          if (!args.path.startsWith(alias.prefix)) continue;
          const rest = args.path.slice(alias.prefix.length);
          const query = /\?.*$/.exec(rest)?.[0] ?? '';
          for (const folder of alias.folders) {
            const found = ownFile(
              j.files,
              path.posix.join(folder, rest.slice(0, rest.length - query.length)),
            );
            if (found) return { path: found, namespace: 'artifact', suffix: query };
          }
        }
        return undefined;
      };

      const packageRange = (pkg: string, range: string | undefined) =>
        range ?? job().versions?.get(pkg);

      /** A package import, from the installed set when it answers the range, else from npm. */
      const fromPackages = async (
        args: OnResolveArgs,
        spec: string,
        range?: string,
      ): Promise<OnResolveResult | undefined> => {
        const pkg = packageName(spec);
        const wanted = packageRange(pkg, range);
        const { packages, resolvePackage, log } = job();
        if (PREINSTALLED.has(pkg)) {
          if (ALWAYS_INSTALLED.has(pkg) || !resolvePackage || installedSatisfies(pkg, wanted)) {
            if (defaultShims.has(spec) && args.kind === 'import-statement')
              return { path: spec, namespace: 'default-shim' };
            if (spec === args.path) return undefined;
            const found = await build.resolve(spec, {
              kind: args.kind,
              resolveDir: REPO_ROOT,
              importer: args.importer,
            });
            if (found.errors.length > 0)
              throw new BuildError(`The package file "${spec}" does not exist.`);
            return { path: found.path, namespace: found.namespace };
          }
        }
        const key = wanted ? `${spec}@${wanted}` : spec;
        if (!packages.has(key)) {
          if (!resolvePackage) {
            throw new BuildError(
              `The package "${spec}" is not available (no npm resolver configured).`,
            );
          }
          try {
            packages.set(key, await resolvePackage(spec, wanted));
          } catch (err) {
            if (err instanceof BuildError) throw err;
            throw new BuildError(
              `The package "${spec}" could not be loaded: ${(err as Error).message}`,
            );
          }
          if (PREINSTALLED.has(pkg))
            log.add('resolve', `${pkg}: the code asks for ${wanted}, so it was taken from npm`);
        }
        return { path: key, namespace: 'npm' };
      };

      /** `import x from 'https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.js'`: that package. */
      const fromUrl = (args: OnResolveArgs) => {
        const link = readCdnLink(args.path);
        if (link?.kind !== 'npm') {
          throw new BuildError(
            `${importerName(job(), args.importer)} imports "${args.path}", a web address that is not a package on a CDN this host knows (jsDelivr, unpkg, esm.sh, Skypack, cdnjs). Import the npm package by its name instead.`,
          );
        }
        const file = link.file?.replace(/^\.?\//, '') ?? '';
        const spec = file ? `${link.name}/${file}` : link.name;
        return fromPackages(args, spec, link.range || undefined);
      };

      const bare = async (args: OnResolveArgs): Promise<OnResolveResult | undefined> => {
        if (/^(https?:)?\/\//i.test(args.path)) return fromUrl(args);
        if (args.namespace !== 'npm') {
          const own = aliased(args);
          if (own) return own;
        }
        const spec = normalizeKitSpecifier(args.path);
        const kitFile = KIT[spec];
        if (kitFile) return { path: path.join(RUNTIME_DIR, kitFile) };
        if (spec.startsWith('@/')) {
          if (!/^@\/(components\/ui|lib|hooks)\//.test(spec)) {
            const looked = (job().aliases ?? DEFAULT_ALIASES)
              .filter((a) => args.path.startsWith(a.prefix))
              .flatMap((a) =>
                a.folders.map((f) => path.posix.join(f, args.path.slice(a.prefix.length))),
              );
            throw missingOwnFile(job(), args.importer, args.path, looked);
          }
          throw new BuildError(
            `${importerName(job(), args.importer)} imports "${args.path}", which is neither ${job().paste ? 'in a single paste' : 'in the upload'} nor part of the built-in component kit. Available: ${Object.keys(
              KIT,
            )
              .filter((s) => s.startsWith('@/'))
              .join(', ')}.`,
          );
        }
        const renamed = job().renames?.get(spec);
        return fromPackages(args, renamed ?? spec);
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
