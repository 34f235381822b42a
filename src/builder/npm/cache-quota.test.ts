import { existsSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmRegistry } from '../../../test/npm-registry';
import { build } from '../index';
import { createNpmResolver } from './resolver';

// Big SDKs are welcome (a bundle takes only the files imported); the disk is kept safe by one
// quota on the whole package cache, emptied least recently used first.
const MB = 1024 * 1024;
/** Compresses to almost nothing, unpacks to `mb` megabytes: what a large SDK's extras weigh. */
const filler = (mb: number) => 'x'.repeat(mb * MB);

describe('the package cache', () => {
  let registry: Awaited<ReturnType<typeof startNpmRegistry>>;
  beforeAll(async () => {
    registry = await startNpmRegistry([
      // larger unpacked than the old 20 MB cap on one package (firebase is 40, react-icons 88)
      {
        name: 'big-sdk',
        version: '3.0.0',
        files: {
          'package.json': '{"name":"big-sdk","version":"3.0.0","module":"index.js"}',
          'index.js': "export const greet = (n) => 'hello ' + n;\n",
          'dist/everything-else.js': filler(25),
        },
      },
      ...['one', 'two', 'three'].map((n) => ({
        name: `mid-${n}`,
        version: '1.0.0',
        files: {
          'package.json': `{"name":"mid-${n}","version":"1.0.0","module":"index.js"}`,
          'index.js': `export const word = '${n}';\n`,
          'data.bin': filler(6),
        },
      })),
    ]);
  });
  afterAll(() => registry.close());

  const code = (r: { files: { path: string; content: Uint8Array }[] }) =>
    r.files
      .filter((f) => /^assets\/.*\.js$/.test(f.path))
      .map((f) => new TextDecoder().decode(f.content))
      .join('\n');

  it('takes a package of any unpacked size, bundling only the files imported', async () => {
    const resolvePackage = createNpmResolver({
      registry: registry.url,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'npm-')),
    });
    const r = await build(
      {
        kind: 'code',
        source:
          "import { greet } from 'big-sdk';\nexport default function App() { return <p>{greet('sam')}</p> }",
      },
      { resolvePackage },
    );
    expect(r.manifest.packages['big-sdk']).toBe('3.0.0');
    expect(code(r)).toContain('hello ');
    expect(r.files.reduce((n, f) => n + f.content.byteLength, 0)).toBeLessThan(MB);
  });

  it('evicts the least recently used packages past its quota, never one in use', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'npm-'));
    const packages = () => readdirSync(path.join(cacheDir, 'packages')).sort();
    const tight = createNpmResolver({ registry: registry.url, cacheDir, cacheQuotaBytes: 8 * MB });
    const app = (pkg: string) => ({
      kind: 'code' as const,
      source: `import { word } from '${pkg}';\nexport default function App() { return <p>{word}</p> }`,
    });
    await build(app('mid-one'), { resolvePackage: tight });
    await build(app('mid-two'), { resolvePackage: tight });
    // together they pass the quota, but both were used a moment ago (a build may hold them)
    expect(packages()).toEqual(['mid-one@1.0.0', 'mid-two@1.0.0']);

    // an hour later mid-one is used again, so mid-two is now the least recently used
    const hourAgo = new Date(Date.now() - 3600_000);
    const age = (dir: string) => {
      for (const f of readdirSync(dir, { recursive: true }) as string[])
        utimesSync(path.join(dir, f), hourAgo, hourAgo);
      utimesSync(dir, hourAgo, hourAgo);
    };
    age(path.join(cacheDir, 'packages'));
    age(path.join(cacheDir, 'bundles'));
    const roomy = createNpmResolver({ registry: registry.url, cacheDir, cacheQuotaBytes: 15 * MB });
    const page = (pkg: string) => ({
      kind: 'html' as const,
      source: `<!doctype html><h1>x</h1><script src="https://unpkg.com/${pkg}@1.0.0/index.js"></script>`,
    });
    await build(page('mid-one'), { resolvePackage: roomy });
    expect(packages()).toEqual(['mid-one@1.0.0', 'mid-two@1.0.0']);
    // a third arrives: 18 MB would pass the quota, so the least recently used tree goes
    await build(page('mid-three'), { resolvePackage: roomy });
    expect(packages()).toEqual(['mid-one@1.0.0', 'mid-three@1.0.0']);
    expect(existsSync(path.join(cacheDir, 'packages/mid-two@1.0.0'))).toBe(false);
  });
});
