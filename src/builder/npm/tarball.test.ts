import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { packTarball } from '../../../test/npm-registry';
import { BuildError } from '../types';
import { extractTarball } from './tarball';

async function tgz(entries: Parameters<tar.Pack['entry']>[0][]): Promise<Uint8Array> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const c of pack) chunks.push(c as Buffer);
  })();
  for (const e of entries) {
    if (e.type === 'file') pack.entry(e, 'x');
    else pack.entry(e);
  }
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'tgz-'));

describe('npm tarballs', () => {
  it('unpacks files without the package/ folder, long paths included', async () => {
    const dir = tempDir();
    const deep = `${'d'.repeat(120)}/file.js`;
    const bytes = await extractTarball(
      await packTarball({ name: 'p', version: '1.0.0', files: { 'a/b.js': 'b', [deep]: 'deep' } }),
      dir,
      1024 * 1024,
    );
    expect(readFileSync(path.join(dir, 'a/b.js'), 'utf8')).toBe('b');
    expect(readFileSync(path.join(dir, deep), 'utf8')).toBe('deep');
    expect(bytes).toBeGreaterThan(5);
  });
  it('skips links and paths that leave the package', async () => {
    const root = tempDir();
    const dir = path.join(root, 'pkg');
    await extractTarball(
      await tgz([
        { name: 'package/../../evil.js', type: 'file', size: 1 },
        { name: 'package/./../evil2.js', type: 'file', size: 1 },
        { name: 'package/link', type: 'symlink', linkname: '/etc/passwd' },
        { name: 'package/ok.js', type: 'file', size: 1 },
      ]),
      dir,
      1024 * 1024,
    );
    expect(readdirSync(dir)).toEqual(['ok.js']);
    expect(readdirSync(root)).toEqual(['pkg']);
    expect(existsSync(path.join(root, '..', 'evil.js'))).toBe(false);
  });
  it('refuses a package that unpacks past the bound (a gzip bomb), however well it compresses', async () => {
    const big = await packTarball({
      name: 'p',
      version: '1.0.0',
      files: { 'a.js': 'x'.repeat(100_000) },
    });
    await expect(extractTarball(big, tempDir(), 10_000)).rejects.toThrow(BuildError);
    await expect(extractTarball(big, tempDir(), 10_000)).rejects.toThrow(/too large/);
  });
});
