import { describe, expect, it } from 'vitest';
import { extractZip } from '../builder/zip';
import { MAX_CODE_CHARS } from '../shared/limits';
import { artifactSource } from './artifact-source';

/** The zip as the builder reads it. */
async function zipNames(bytes: Uint8Array): Promise<Record<string, string>> {
  const files = await extractZip(bytes);
  return Object.fromEntries([...files].map(([name, data]) => [name, Buffer.from(data).toString()]));
}

describe('artifactSource', () => {
  it('takes code as a paste, one .html file as a page and one component file as code', async () => {
    expect(await artifactSource({ code: 'export default () => <p/>' })).toMatchObject({
      kind: 'code',
    });
    const page = await artifactSource({ files: [{ path: 'index.html', content: '<h1>hi</h1>' }] });
    expect(page.kind).toBe('html');
    expect(Buffer.from(page.bytes).toString()).toBe('<h1>hi</h1>');
    const app = await artifactSource({ files: [{ path: 'App.tsx', content: 'export default 1' }] });
    expect(app.kind).toBe('code');
  });

  it('zips several files, decoding base64 ones', async () => {
    const source = await artifactSource({
      files: [
        { path: 'index.html', content: '<h1>home</h1>' },
        { path: './css/site.css', content: 'body{}' },
        {
          path: 'img\\dot.txt',
          content: Buffer.from('binary').toString('base64'),
          encoding: 'base64',
        },
      ],
    });
    expect(source.kind).toBe('zip');
    expect(await zipNames(source.bytes)).toEqual({
      '/index.html': '<h1>home</h1>',
      '/css/site.css': 'body{}',
      '/img/dot.txt': 'binary',
    });
  });

  it('refuses paths outside the site, duplicates, nothing to serve, empty and long code', async () => {
    const refusals: Array<[Parameters<typeof artifactSource>[0], string]> = [
      [{ files: [{ path: '../x.html', content: '' }] }, 'not a relative file path'],
      [{ files: [{ path: '/etc/x.html', content: '' }] }, 'not a relative file path'],
      [{ files: [{ path: 'a//b.html', content: '' }] }, 'not a relative file path'],
      [
        {
          files: [
            { path: 'index.html', content: '' },
            { path: './index.html', content: '' },
          ],
        },
        'given twice',
      ],
      [
        {
          files: [
            { path: 'a.css', content: '' },
            { path: 'b.png', content: '' },
          ],
        },
        'needs an index.html',
      ],
      [{ files: [] }, '`files` is empty'],
      [{ code: '   ' }, '`code` is empty'],
      [{ code: 'x'.repeat(MAX_CODE_CHARS + 1) }, 'The code is too long'],
    ];
    for (const [input, message] of refusals) {
      await expect(artifactSource(input), message).rejects.toThrow(message);
    }
  });
});
