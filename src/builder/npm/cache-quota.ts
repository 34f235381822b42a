import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UNPACKED_BYTES_FILE } from './install';

// The package cache is shared by every build of a machine (all threads and processes using
// the same folder). Packages are welcome whatever their size; the disk is kept safe by one
// quota on the whole cache instead: past it, what was used least recently goes first.

/** An entry used this recently may be in a running build's hands: it is never evicted. */
export const IN_USE_GRACE_MS = 10 * 60_000;
/** A staging folder this old was left by a crashed unpack. */
const STALE_STAGING_MS = 60 * 60_000;
const LAST_USED_FILE = '.artifact-host-used';

interface Entry {
  path: string;
  bytes: number;
  usedAt: number;
}

async function listDir(dir: string) {
  return readdir(dir, { withFileTypes: true }).catch(() => []);
}

/** Bytes of one installed tree: the sum its unpacked packages recorded. */
async function treeBytes(tree: string): Promise<number> {
  const modules = path.join(tree, 'node_modules');
  const dirs: string[] = [];
  for (const e of await listDir(modules)) {
    if (!e.isDirectory()) continue;
    if (!e.name.startsWith('@')) dirs.push(path.join(modules, e.name));
    else
      for (const s of await listDir(path.join(modules, e.name)))
        if (s.isDirectory()) dirs.push(path.join(modules, e.name, s.name));
  }
  const sizes = await Promise.all(
    dirs.map((d) =>
      readFile(path.join(d, UNPACKED_BYTES_FILE), 'utf8').then(
        (t) => Number(t) || 0,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

async function usedAt(file: string): Promise<number> {
  return stat(file).then(
    (s) => s.mtimeMs,
    () => 0,
  );
}

export interface PackageCache {
  /** Marks a package tree (a folder under packages/) or a cached bundle file as just used. */
  touch(entry: string): Promise<void>;
  /** Evicts least recently used entries until the cache fits its quota again. */
  settle(): Promise<{ bytes: number; evicted: string[] }>;
}

/**
 * The quota keeper of one cache folder. Eviction works on whole entries: an installed tree
 * (`packages/<name>@<version>`, its dependencies with it) or one cached bundle file.
 */
export function packageCache(cacheDir: string, quotaBytes: number): PackageCache {
  let running: Promise<{ bytes: number; evicted: string[] }> | undefined;

  async function entries(): Promise<Entry[]> {
    const out: Entry[] = [];
    const packages = path.join(cacheDir, 'packages');
    const now = Date.now();
    for (const e of await listDir(packages)) {
      const full = path.join(packages, e.name);
      if (e.name.endsWith('.tmp')) {
        // an unpack in progress elsewhere, or one a crash left behind
        if (now - (await usedAt(full)) > STALE_STAGING_MS)
          await rm(full, { recursive: true, force: true });
        continue;
      }
      if (!e.isDirectory()) continue;
      const lastUse = Math.max(await usedAt(path.join(full, LAST_USED_FILE)), await usedAt(full));
      out.push({ path: full, bytes: await treeBytes(full), usedAt: lastUse });
    }
    for (const dir of [path.join(cacheDir, 'bundles'), path.join(cacheDir, 'bundles', 'esm')]) {
      for (const e of await listDir(dir)) {
        if (!e.isFile()) continue;
        const full = path.join(dir, e.name);
        const s = await stat(full).catch(() => null);
        if (s) out.push({ path: full, bytes: s.size, usedAt: s.mtimeMs });
      }
    }
    return out;
  }

  async function settleOnce() {
    const all = await entries();
    let bytes = all.reduce((n, e) => n + e.bytes, 0);
    const evicted: string[] = [];
    if (bytes <= quotaBytes) return { bytes, evicted };
    const now = Date.now();
    for (const e of all.sort((a, b) => a.usedAt - b.usedAt)) {
      if (bytes <= quotaBytes) break;
      if (now - e.usedAt < IN_USE_GRACE_MS) break;
      await rm(e.path, { recursive: true, force: true });
      bytes -= e.bytes;
      evicted.push(path.relative(cacheDir, e.path));
    }
    return { bytes, evicted };
  }

  return {
    async touch(entry) {
      const now = new Date();
      const isTree = !/\.(js|json)$/.test(entry);
      const file = isTree ? path.join(entry, LAST_USED_FILE) : entry;
      if (isTree && !existsSync(file)) {
        if (!existsSync(entry)) return;
        await writeFile(file, '').catch(() => undefined);
        return;
      }
      await utimes(file, now, now).catch(() => undefined);
    },
    settle() {
      // one pass at a time in a process; passes of other processes only race on rm (forced)
      running ??= settleOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
