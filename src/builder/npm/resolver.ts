import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { PackageResolver, ResolvedPackage } from '../types';
import { BuildError } from '../types';
import { packageName } from '../kit';
import semver from 'semver';
import {
  installTree,
  isNodeBuiltin,
  pickVersion,
  PREINSTALLED,
  unpackPackage,
  type Packument,
  type Registry,
} from './install';
import { packageCache } from './cache-quota';
import { bundleModule } from './module-build';
import { openPackage, type ModuleBuilder, type PackageFetcher } from './package-files';

export interface NpmResolverOptions {
  /** Registry base URL, e.g. https://registry.npmjs.org */
  registry: string;
  /** Shared folder where fetched packages and their bundles are kept between builds. */
  cacheDir: string;
  fetch?: typeof fetch;
  /**
   * Most bytes the whole package cache may hold; past it, the packages and bundles used least
   * recently are removed. Shared by every build using `cacheDir`. No package has a size cap
   * of its own: a bundle takes only the files it imports.
   */
  cacheQuotaBytes?: number;
  /** Most bytes of source one package's bundle may read (what esbuild loads, not the package). */
  maxBundleInputBytes?: number;
  /** Largest bundle one package may become. */
  maxBundleBytes?: number;
  timeoutMs?: number;
  /** How many packages one long-tail package may bring with it, itself included. */
  maxPackages?: number;
}

/** The package cache's quota when none is given: room for a few dozen large SDKs. */
export const DEFAULT_CACHE_QUOTA_BYTES = 4 * 1024 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The long-tail resolver, which also hands out whole packages (for CDN links made local). */
export interface NpmResolver extends PackageResolver {
  files: PackageFetcher;
  modules: ModuleBuilder;
}

/**
 * Fetches a package outside the preinstalled set from the npm registry, never running its
 * scripts, and bundles it to one browser ES module with every other bare import left for
 * the page's import map (so react stays the one preinstalled copy).
 */
export function createNpmResolver(opts: NpmResolverOptions): NpmResolver {
  const doFetch = opts.fetch ?? fetch;
  const quota = opts.cacheQuotaBytes ?? DEFAULT_CACHE_QUOTA_BYTES;
  const maxInput = opts.maxBundleInputBytes ?? 100 * 1024 * 1024;
  const maxOutput = opts.maxBundleBytes ?? 20 * 1024 * 1024;
  const cache = packageCache(opts.cacheDir, quota);
  const versions = new Map<string, Promise<ResolvedPackage>>();
  /** After new bytes landed in the cache: back under the quota, oldest first. */
  const settle = async (unpacked: number) => {
    if (unpacked > 0) await cache.settle();
  };

  async function get(url: string, what: string): Promise<Response> {
    try {
      return await doFetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) });
    } catch (err) {
      throw new BuildError(
        `The package "${what}" could not be downloaded from npm (${(err as Error).message}).`,
      );
    }
  }

  async function packument(name: string): Promise<Packument> {
    const res = await get(`${opts.registry.replace(/\/$/, '')}/${name.replace('/', '%2f')}`, name);
    if (res.status === 404) {
      throw new BuildError(
        `The package "${name}" does not exist on npm. Check the import's spelling, or remove it.`,
      );
    }
    if (!res.ok)
      throw new BuildError(
        `The package "${name}" could not be looked up on npm (status ${res.status}).`,
      );
    return (await res.json()) as Packument;
  }

  const registry: Registry = {
    packument,
    async tarball(url, name) {
      const tgz = await get(url, name);
      if (!tgz.ok)
        throw new BuildError(
          `The package "${name}" could not be downloaded (status ${tgz.status}).`,
        );
      const bytes = new Uint8Array(await tgz.arrayBuffer());
      if (bytes.byteLength > quota)
        throw new BuildError(`The package "${name}" is too large to use here.`);
      return bytes;
    },
  };

  async function resolve(spec: string, range: string): Promise<ResolvedPackage> {
    const name = packageName(spec);
    const doc = await packument(name);
    // the project's own range decides (^1.0.1 must not become 3.x); a tag or a URL, the latest
    const wanted = semver.validRange(range) ? range : '';
    let version = pickVersion(doc, wanted || 'latest');
    if (version && wanted && !semver.satisfies(version, wanted)) version = undefined;
    const tarball = version ? doc.versions?.[version]?.dist?.tarball : undefined;
    if (!version || !tarball)
      throw new BuildError(
        wanted
          ? `The package "${name}" has no version matching "${range}" on npm.`
          : `The package "${name}" has no published version on npm.`,
      );

    const bundlePath = path.join(
      opts.cacheDir,
      'bundles',
      `${spec.replace(/[^\w.-]+/g, '_')}@${version}.js`,
    );
    if (existsSync(bundlePath)) {
      await cache.touch(bundlePath);
      return { name, version, code: new Uint8Array(await readFile(bundlePath)) };
    }

    const pkgDir = path.join(opts.cacheDir, 'packages', `${name.replace('/', '__')}@${version}`);
    await cache.touch(pkgDir);
    const unpacked = await installTree(
      registry,
      pkgDir,
      { name, version, tarball },
      { maxUnpackedBytes: quota, maxPackages: opts.maxPackages ?? 150 },
    );
    await cache.touch(pkgDir);
    const from = JSON.stringify(spec);
    let out: esbuild.BuildResult<{ write: false }>;
    try {
      out = await esbuild.build({
        stdin: {
          contents: `import * as ns from ${from};\nexport * from ${from};\nexport default ns.default ?? ns;\n`,
          resolveDir: pkgDir,
        },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        minify: true,
        write: false,
        metafile: true,
        logLevel: 'silent',
        logOverride: { 'import-is-undefined': 'silent' },
        define: { 'process.env.NODE_ENV': '"production"' },
        plugins: [
          {
            name: 'externals',
            setup(b: esbuild.PluginBuild) {
              // The vendor set's packages stay bare imports for the page's import map (one
              // React); the package's own dependencies are bundled in from its installed tree;
              // Node built-ins become empty modules, as they would in any browser bundler.
              b.onResolve({ filter: /^[^./]/ }, (a: esbuild.OnResolveArgs) => {
                if (isNodeBuiltin(a.path)) return { path: a.path, namespace: 'node-builtin' };
                return PREINSTALLED.has(packageName(a.path))
                  ? { path: a.path, external: true }
                  : undefined;
              });
              b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, () => ({
                contents: 'export default {};',
              }));
            },
          },
        ],
      });
    } catch (err) {
      const text = (err as esbuild.BuildFailure).errors?.[0]?.text ?? String(err);
      throw new BuildError(
        `The package "${name}@${version}" could not be prepared for the browser: ${text}`,
      );
    }
    const code = out.outputFiles[0]!.contents;
    const read = Object.values(out.metafile!.inputs).reduce((n, i) => n + i.bytes, 0);
    if (read > maxInput || code.byteLength > maxOutput) {
      await settle(unpacked);
      throw new BuildError(
        `The package "${name}@${version}" is too large to bundle here: "${spec}" brings ${mb(read > maxInput ? read : code.byteLength)} of code (at most ${mb(read > maxInput ? maxInput : maxOutput)}). Import a smaller part of it (a subpath such as "${name}/…"), or another package.`,
      );
    }
    await mkdir(path.dirname(bundlePath), { recursive: true });
    await writeFile(bundlePath, code);
    await settle(unpacked + code.byteLength);
    return { name, version, code };
  }

  const treeDir = (name: string, version: string) =>
    path.join(opts.cacheDir, 'packages', `${name.replace('/', '__')}@${version}`);
  const packageDir = (name: string, version: string) =>
    path.join(treeDir(name, version), 'node_modules', name);

  // a range or tag (react@18, latest) is read from the registry at most every ten minutes
  const ranges = new Map<string, { version: string; at: number }>();

  const files: PackageFetcher = async (name, range) => {
    const known = ranges.get(`${name}@${range}`);
    let version =
      semver.valid(range) ?? (known && Date.now() - known.at < 600_000 ? known.version : undefined);
    if (version) await cache.touch(treeDir(name, version));
    if (!version || !existsSync(path.join(packageDir(name, version), 'package.json'))) {
      const doc = await packument(name);
      version = pickVersion(doc, range);
      // a CDN link names a version: falling back to another one would change the page
      if (version && semver.validRange(range) && !semver.satisfies(version, range))
        version = undefined;
      const tarball = version ? doc.versions?.[version]?.dist?.tarball : undefined;
      if (!version || !tarball)
        throw new BuildError(`The package "${name}" has no version matching "${range}" on npm.`);
      const unpacked = await unpackPackage(
        registry,
        packageDir(name, version),
        { name, tarball },
        quota,
      );
      await cache.touch(treeDir(name, version));
      await settle(unpacked);
    }
    if (!semver.valid(range)) ranges.set(`${name}@${range}`, { version, at: Date.now() });
    return openPackage(packageDir(name, version), name, version);
  };

  const modules: ModuleBuilder = async ({ name, range, subpath }, external) => {
    const pkg = await files(name, range);
    const specifier = subpath ? `${name}/${subpath}` : name;
    // the same module with the same shared packages is the same bytes: built once per cache
    const key = createHash('sha256')
      .update(JSON.stringify([specifier, pkg.version, [...external].sort()]))
      .digest('hex')
      .slice(0, 16);
    const cached = path.join(opts.cacheDir, 'bundles', 'esm', `${key}.json`);
    if (existsSync(cached)) {
      await cache.touch(cached);
      const hit = JSON.parse(await readFile(cached, 'utf8')) as {
        code: string;
        externals: string[];
      };
      return {
        name,
        version: pkg.version,
        code: new TextEncoder().encode(hit.code),
        externals: hit.externals,
      };
    }
    const tree = treeDir(name, pkg.version);
    const unpacked = await installTree(
      registry,
      tree,
      { name, version: pkg.version, tarball: '' },
      { maxUnpackedBytes: quota, maxPackages: opts.maxPackages ?? 150 },
      (dep) => external.has(dep),
    );
    await cache.touch(tree);
    await settle(unpacked);
    const built = await bundleModule(tree, specifier, external);
    await mkdir(path.dirname(cached), { recursive: true });
    const staging = `${cached}.${process.pid}.tmp`;
    await writeFile(
      staging,
      JSON.stringify({ code: new TextDecoder().decode(built.code), externals: built.externals }),
    );
    await rename(staging, cached);
    return { name, version: pkg.version, ...built };
  };

  const resolver = (spec: string, range = '') => {
    const key = `${spec}\n${range}`;
    let pending = versions.get(key);
    if (!pending) {
      pending = resolve(spec, range);
      versions.set(key, pending);
      pending.catch(() => versions.delete(key));
    }
    return pending;
  };
  return Object.assign(resolver, { files, modules });
}
