import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { BuildInput } from '../src/builder/types';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const CORPUS_DIR = path.join(REPO_ROOT, 'test/fixtures/artifacts');

export interface Sample {
  file: string;
  kind: 'jsx' | 'tsx' | 'html' | 'zip';
  expect: 'renders' | 'fails';
  text?: string;
  errorIncludes?: string;
  errorLine?: number;
  needsInternet?: boolean;
  /**
   * Imports a package outside the installed set: it builds with the npm registry (the browser
   * corpus test), and offline it must fail naming that package and nothing else.
   */
  needsNpm?: string;
  /** An error the page throws on purpose (its error card is what it shows). */
  pageError?: string;
  features: string[];
  /** For zips whose app module a reader could not tell at a glance: its path in the zip. */
  entry?: string;
  /** A control a person clicks first (e.g. the button that opens a dialog) before looking. */
  open?: string;
  /** Why this sample's screenshot cannot be compared pixel for pixel (e.g. random stars). */
  noPixelCompare?: string;
  /** Share of pixels allowed to differ from the reference (default in the corpus test). */
  maxPixelDiff?: number;
  /** Why this sample needs a looser `maxPixelDiff`. */
  pixelNote?: string;
}

export function loadCorpus(): Sample[] {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, 'manifest.json'), 'utf8')) as Sample[];
}

function walk(dir: string, base = dir): [string, Buffer][] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? walk(full, base)
      : [
          [path.relative(base, full).split(path.sep).join('/'), readFileSync(full)] as [
            string,
            Buffer,
          ],
        ];
  });
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** Unix mode in the high bits of the external attributes (e.g. 0o120777 for a symlink). */
  mode?: number;
  /** Lie about the uncompressed size, as a zip bomb does. */
  declaredSize?: number;
}

/** A minimal zip writer (deflate), enough for tests to craft good and hostile archives. */
export function makeZip(entries: ZipEntrySpec[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

export function sampleInput(sample: Sample): BuildInput {
  const full = path.join(CORPUS_DIR, sample.file);
  if (sample.kind === 'zip') {
    return {
      kind: 'zip',
      source: makeZip(walk(full).map(([name, data]) => ({ name, data }))),
      fileName: `${sample.file}.zip`,
    };
  }
  const text = readFileSync(full, 'utf8');
  return sample.kind === 'html'
    ? { kind: 'html', source: text, fileName: sample.file }
    : { kind: 'code', source: text };
}
