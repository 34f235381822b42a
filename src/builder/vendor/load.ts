import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildVendor } from './build-vendor';
import { vendorKey } from './key';
import { DEFAULT_VENDOR_DIR } from './paths';
import type { VendorMap } from './types';

export interface VendorFile {
  name: string;
  content: Uint8Array;
  gzip: Uint8Array;
  br: Uint8Array;
  sha256: string;
}

export interface Vendor {
  dir: string;
  map: VendorMap;
  /** Reads a vendor file once per process; later builds share the same bytes. */
  file(name: string): Promise<VendorFile>;
  /** A vendor file and every chunk it imports, statically or dynamically. */
  closure(names: Iterable<string>): string[];
}

const loaded = new Map<string, Promise<Vendor>>();
let cachedKey: string | undefined;

function open(dir: string, map: VendorMap): Vendor {
  const files = new Map<string, Promise<VendorFile>>();
  return {
    dir,
    map,
    file(name) {
      let pending = files.get(name);
      if (!pending) {
        const full = path.join(dir, name);
        pending = Promise.all([
          readFile(full),
          readFile(`${full}.gz`),
          readFile(`${full}.br`),
        ]).then(([content, gzip, br]) => ({
          name,
          content: new Uint8Array(content),
          gzip: new Uint8Array(gzip),
          br: new Uint8Array(br),
          sha256: map.files[name]?.sha256 ?? '',
        }));
        files.set(name, pending);
      }
      return pending;
    },
    closure(names) {
      const seen = new Set<string>();
      const stack = [...names];
      while (stack.length > 0) {
        const name = stack.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        stack.push(...(map.files[name]?.imports ?? []));
      }
      return [...seen];
    },
  };
}

async function loadOrBuild(root: string): Promise<Vendor> {
  cachedKey ??= vendorKey();
  const dir = path.join(root, cachedKey);
  const mapPath = path.join(dir, 'map.json');
  if (!existsSync(mapPath)) await buildVendor(root);
  const map = JSON.parse(await readFile(mapPath, 'utf8')) as VendorMap;
  return open(dir, map);
}

/**
 * The prebuilt vendor set, built on first use when `npm run build` has not made it yet
 * (that first build takes a few seconds; every later one reuses it).
 */
export function ensureVendor(vendorDir: string = DEFAULT_VENDOR_DIR): Promise<Vendor> {
  let pending = loaded.get(vendorDir);
  if (!pending) {
    pending = loadOrBuild(vendorDir);
    loaded.set(vendorDir, pending);
    pending.catch(() => loaded.delete(vendorDir));
  }
  return pending;
}
