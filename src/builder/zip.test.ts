import { describe, expect, it } from 'vitest';
import { makeZip } from '../../test/builder-corpus';
import { build, BuildError } from './index';
import { extractZip } from './zip';

const b = (s: string) => Buffer.from(s);

async function failure(p: Promise<unknown>): Promise<BuildError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BuildError);
  return err as BuildError;
}

describe('zip extraction', () => {
  it('refuses paths that leave the folder', async () => {
    const err = await failure(extractZip(makeZip([{ name: '../evil.js', data: b('x') }])));
    expect(err.message).toMatch(/leaves the folder/);
  });
  it('refuses absolute paths', async () => {
    const err = await failure(extractZip(makeZip([{ name: '/etc/passwd', data: b('x') }])));
    expect(err.message).toMatch(/absolute path/);
  });
  it('refuses symlinks', async () => {
    const zip = makeZip([{ name: 'link', data: b('/etc/passwd'), mode: 0o120777 }]);
    expect((await failure(extractZip(zip))).message).toMatch(/link or special file/);
  });
  it('stops a zip bomb while inflating, past the size limit', async () => {
    const zip = makeZip([{ name: 'big.txt', data: Buffer.alloc(2 * 1024 * 1024) }]);
    const err = await failure(extractZip(zip, { maxFiles: 1000, maxBytes: 1024 * 1024 }));
    expect(err.message).toMatch(/zip bomb/);
  });
  it('stops an entry that inflates past its declared size', async () => {
    const zip = makeZip([
      { name: 'big.txt', data: Buffer.alloc(2 * 1024 * 1024), declaredSize: 10 },
    ]);
    expect((await failure(extractZip(zip))).message).toMatch(/zip bomb/);
  });
  it('caps the number of files', async () => {
    const entries = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, data: b('x') }));
    expect((await failure(extractZip(makeZip(entries)))).message).toMatch(/more than 1000 files/);
  });
  it('lists what it found when there is no entry', async () => {
    const zip = makeZip([
      { name: 'notes.txt', data: b('hi') },
      { name: 'style.css', data: b('a{}') },
    ]);
    const err = await failure(build({ kind: 'zip', source: zip }));
    expect(err.message).toMatch(/no \.html page.*Found: .*notes.txt/s);
  });
  it('unwraps a single top folder', async () => {
    const zip = makeZip([{ name: 'site/index.html', data: b('<h1>Hi</h1>') }]);
    const result = await build({ kind: 'zip', source: zip });
    expect(result.files.map((f) => f.path)).toContain('index.html');
  });
  it('names a missing relative import', async () => {
    const zip = makeZip([
      {
        name: 'App.jsx',
        data: b("import X from './nope';\nexport default function App(){return <X/>}"),
      },
    ]);
    expect((await failure(build({ kind: 'zip', source: zip }))).message).toMatch(/"\.\/nope"/);
  });
});
