import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One npm package at one exact version, unpacked in the package cache. */
export interface PackageFiles {
  name: string;
  version: string;
  /** The package's package.json. */
  manifest: Record<string, unknown>;
  /** Every file path in the package, relative to its root, with forward slashes. */
  list(): Promise<string[]>;
  /** A file's bytes, or undefined when the package has no such file. */
  read(file: string): Promise<Uint8Array | undefined>;
}

/** Fetches a package at the version a range or tag asks for (exact versions stay exact). */
export type PackageFetcher = (name: string, range: string) => Promise<PackageFiles>;

/** A package (or one of its subpaths) bundled into one ES module for the browser. */
export interface ModuleBuild {
  name: string;
  version: string;
  code: Uint8Array;
  /** Bare imports left in the code, for the page's import map to answer. */
  externals: string[];
}

/**
 * Bundles `name[/subpath]` at the version a range asks for into one ES module, as esm.sh does,
 * leaving imports of the packages in `external` (and their subpaths) as bare imports.
 */
export type ModuleBuilder = (
  module: { name: string; range: string; subpath: string | null },
  external: ReadonlySet<string>,
) => Promise<ModuleBuild>;

export async function openPackage(dir: string, name: string, version: string) {
  const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  let listing: Promise<string[]> | undefined;
  const files: PackageFiles = {
    name,
    version,
    manifest,
    list: () =>
      (listing ??= readdir(dir, { recursive: true, withFileTypes: true }).then((entries) =>
        entries
          .filter((e) => e.isFile())
          .map((e) =>
            path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'),
          ),
      )),
    async read(file) {
      const clean = path.posix.normalize(file.replace(/^\.?\//, ''));
      if (clean.startsWith('..') || path.posix.isAbsolute(clean)) return undefined;
      try {
        return new Uint8Array(await readFile(path.join(dir, clean)));
      } catch {
        return undefined;
      }
    },
  };
  return files;
}
