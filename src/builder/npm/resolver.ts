import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { PackageResolver, ResolvedPackage } from '../types';
import { BuildError } from '../types';
import { packageName } from '../vendor/specs';
import { installTree, isNodeBuiltin, PREINSTALLED, type Packument, type Registry } from './install';

export interface NpmResolverOptions {
  /** Registry base URL, e.g. https://registry.npmjs.org */
  registry: string;
  /** Shared folder where fetched packages and their bundles are kept between builds. */
  cacheDir: string;
  fetch?: typeof fetch;
  /** Largest tarball accepted, unpacked (bytes). */
  maxPackageBytes?: number;
  timeoutMs?: number;
  /** How many packages one long-tail package may bring with it, itself included. */
  maxPackages?: number;
}

/**
 * Fetches a package outside the preinstalled set from the npm registry, never running its
 * scripts, and bundles it to one browser ES module with every other bare import left for
 * the page's import map (so react stays the one preinstalled copy).
 */
export function createNpmResolver(opts: NpmResolverOptions): PackageResolver {
  const doFetch = opts.fetch ?? fetch;
  const maxBytes = opts.maxPackageBytes ?? 20 * 1024 * 1024;
  const versions = new Map<string, Promise<ResolvedPackage>>();

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
      if (bytes.byteLength > maxBytes)
        throw new BuildError(`The package "${name}" is too large to use here.`);
      return bytes;
    },
  };

  async function resolve(spec: string): Promise<ResolvedPackage> {
    const name = packageName(spec);
    const doc = await packument(name);
    const version = doc['dist-tags']?.latest;
    const tarball = version ? doc.versions?.[version]?.dist?.tarball : undefined;
    if (!version || !tarball)
      throw new BuildError(`The package "${name}" has no published version on npm.`);

    const bundlePath = path.join(
      opts.cacheDir,
      'bundles',
      `${spec.replace(/[^\w.-]+/g, '_')}@${version}.js`,
    );
    if (existsSync(bundlePath))
      return { name, version, code: new Uint8Array(await readFile(bundlePath)) };

    const pkgDir = path.join(opts.cacheDir, 'packages', `${name.replace('/', '__')}@${version}`);
    await installTree(
      registry,
      pkgDir,
      { name, version, tarball },
      {
        maxPackageBytes: maxBytes,
        maxPackages: opts.maxPackages ?? 150,
      },
    );
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
    await mkdir(path.dirname(bundlePath), { recursive: true });
    await writeFile(bundlePath, code);
    return { name, version, code };
  }

  return (spec) => {
    let pending = versions.get(spec);
    if (!pending) {
      pending = resolve(spec);
      versions.set(spec, pending);
      pending.catch(() => versions.delete(spec));
    }
    return pending;
  };
}
