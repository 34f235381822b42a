import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { BuildError } from '../types';
import { packageName, PREINSTALLED_PACKAGES } from '../kit';
import { extractTarball } from './tarball';

/** Packages the page already has from the vendor set: never fetched, always one copy. */
export const PREINSTALLED = new Set<string>(PREINSTALLED_PACKAGES.map(packageName));
const BUILTINS = new Set(builtinModules);

export function isNodeBuiltin(spec: string): boolean {
  return spec.startsWith('node:') || BUILTINS.has(packageName(spec));
}

export interface Packument {
  'dist-tags'?: Record<string, string | undefined>;
  versions?: Record<string, { dist?: { tarball?: string } }>;
}

export interface InstallLimits {
  /**
   * Most bytes one package may unpack to. There is no cap of its own on a package (a bundle
   * takes only the files it imports, so a 40 MB SDK is welcome): this is the whole package
   * cache's quota, which no single package can be larger than.
   */
  maxUnpackedBytes: number;
  /** How many packages one tree may hold (the package and everything it depends on). */
  maxPackages: number;
}

/** Beside each unpacked package: how many bytes it took, for the package cache's quota. */
export const UNPACKED_BYTES_FILE = '.artifact-host-bytes';

export interface Registry {
  packument(name: string): Promise<Packument>;
  tarball(url: string, name: string): Promise<Uint8Array>;
}

/**
 * One package's files at `moduleDir`, unpacked from its tarball unless already there. The
 * files stream into a sibling folder first and are renamed into place, so a failed or
 * concurrent unpack never leaves a half-written package behind. Returns the bytes unpacked
 * (0 when the package was already there).
 */
export async function unpackPackage(
  registry: Registry,
  moduleDir: string,
  pkg: { name: string; tarball: string },
  maxBytes: number,
): Promise<number> {
  if (existsSync(path.join(moduleDir, 'package.json'))) return 0;
  const tgz = await registry.tarball(pkg.tarball, pkg.name);
  const staging = `${moduleDir}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await mkdir(staging, { recursive: true });
    const bytes = await extractTarball(tgz, staging, maxBytes);
    if (!existsSync(path.join(staging, 'package.json')))
      await writeFile(path.join(staging, 'package.json'), '{}');
    await writeFile(path.join(staging, UNPACKED_BYTES_FILE), String(bytes));
    await mkdir(path.dirname(moduleDir), { recursive: true });
    await rename(staging, moduleDir).catch((err: NodeJS.ErrnoException) => {
      // another build unpacked the same version first: theirs is as good as ours
      if (!existsSync(path.join(moduleDir, 'package.json'))) throw err;
    });
    return bytes;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The version a range asks for, or the latest when the range is not plain semver (tags, URLs). */
export function pickVersion(doc: Packument, range: string): string | undefined {
  const tagged = doc['dist-tags']?.[range || 'latest'];
  if (tagged) return tagged;
  const published = Object.keys(doc.versions ?? {});
  const latest = doc['dist-tags']?.latest;
  if (latest && semver.satisfies(latest, range)) return latest;
  return semver.maxSatisfying(published, range) ?? latest;
}

/**
 * Installs a package and everything it depends on into one flat node_modules under `dir`,
 * as npm would hoist it, without running any install script. Dependencies the builder
 * provides (react & co, by default) are left out so the page keeps one copy. The first version placed
 * wins a name; that is enough for bundling, where nested duplicates are rare and harmless.
 * Returns the bytes newly unpacked.
 */
export async function installTree(
  registry: Registry,
  dir: string,
  root: { name: string; version: string; tarball: string },
  limits: InstallLimits,
  leaveOut: (name: string) => boolean = (name) => PREINSTALLED.has(name),
): Promise<number> {
  let unpacked = 0;
  const placed = new Set<string>();
  const queue: Array<{ name: string; version: string; tarball: string }> = [root];
  while (queue.length > 0) {
    const pkg = queue.shift()!;
    if (placed.has(pkg.name)) continue;
    placed.add(pkg.name);
    if (placed.size > limits.maxPackages) {
      throw new BuildError(
        `The package "${root.name}" depends on more than ${limits.maxPackages} other packages, which is too many to use here.`,
      );
    }
    const moduleDir = path.join(dir, 'node_modules', pkg.name);
    const manifestPath = path.join(moduleDir, 'package.json');
    unpacked += await unpackPackage(registry, moduleDir, pkg, limits.maxUnpackedBytes);
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (placed.has(name) || leaveOut(name) || BUILTINS.has(name)) continue;
      const doc = await registry.packument(name).catch(() => null);
      if (!doc) continue;
      const version = pickVersion(doc, range);
      const tarball = version ? doc.versions?.[version]?.dist?.tarball : undefined;
      // A dependency that cannot be found is left out: the bundler names it if it is really used.
      if (version && tarball) queue.push({ name, version, tarball });
    }
  }
  return unpacked;
}
