import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { packTarball } from '../../../test/npm-registry';
import { BuildError } from '../types';
import { readTarball } from './tarball';

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

describe('npm tarballs', () => {
  it('reads files without the package/ folder, long paths included', async () => {
    const deep = `${'d'.repeat(120)}/file.js`;
    const files = await readTarball(
      await packTarball({ name: 'p', version: '1.0.0', files: { 'a/b.js': 'b', [deep]: 'deep' } }),
      1024 * 1024,
    );
    expect(new TextDecoder().decode(files.get('a/b.js'))).toBe('b');
    expect(new TextDecoder().decode(files.get(deep))).toBe('deep');
  });
  it('skips links and paths that leave the package', async () => {
    const files = await readTarball(
      await tgz([
        { name: 'package/../../evil.js', type: 'file', size: 1 },
        { name: 'package/link', type: 'symlink', linkname: '/etc/passwd' },
        { name: 'package/ok.js', type: 'file', size: 1 },
      ]),
      1024 * 1024,
    );
    expect([...files.keys()]).toEqual(['ok.js']);
  });
  it('refuses a package that unpacks past the limit', async () => {
    const big = await packTarball({
      name: 'p',
      version: '1.0.0',
      files: { 'a.js': 'x'.repeat(100_000) },
    });
    await expect(readTarball(big, 10_000)).rejects.toThrow(BuildError);
    await expect(readTarball(big, 10_000)).rejects.toThrow(/too large/);
  });
});
