import { describe, expect, it } from 'vitest';
import { readFileList } from '../builder/file-list';
import { MAX_CODE_CHARS, MAX_SITE_FILES, MAX_UPLOAD_BYTES } from '../shared/limits';
import { encodeSiteFiles } from '../shared/site-files';
import { artifactSource } from './artifact-source';

/** The files as the builder reads them from the stored list. */
function namesOf(files: Parameters<typeof encodeSiteFiles>[0]): Record<string, string> {
  const read = readFileList(new TextDecoder().decode(encodeSiteFiles(files)));
  return Object.fromEntries([...read].map(([name, data]) => [name, Buffer.from(data).toString()]));
}

describe('artifactSource', () => {
  it('takes code as a paste, one .html file as a page and one component file as code', async () => {
    expect(artifactSource({ code: 'export default () => <p/>' })).toMatchObject({
      kind: 'code',
    });
    const page = artifactSource({ files: [{ path: 'index.html', content: '<h1>hi</h1>' }] });
    expect(page.kind === 'html' && Buffer.from(page.bytes).toString()).toBe('<h1>hi</h1>');
    const app = artifactSource({ files: [{ path: 'App.tsx', content: 'export default 1' }] });
    expect(app.kind).toBe('code');
  });

  it('hands several files on as they are; the builder decodes base64 ones', async () => {
    const source = artifactSource({
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
    if (source.kind !== 'files') throw new Error(`a list, not ${source.kind}`);
    expect(namesOf(source.files)).toEqual({
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
      [{ files: [{ path: 'C:/x.html', content: '' }] }, 'not a relative file path'],
      [{ files: [{ path: 'c:x.html', content: '' }] }, 'not a relative file path'],
      [{ files: [{ path: 'a\u0000.html', content: '' }] }, 'control character'],
      [{ files: [{ path: 'x.png', content: '%%%', encoding: 'base64' }] }, 'not base64'],
      [
        {
          files: Array.from({ length: MAX_SITE_FILES + 1 }, (_, i) => ({
            path: `${i}.html`,
            content: '',
          })),
        },
        'Too many files',
      ],
      [
        {
          files: [
            { path: 'index.html', content: 'x'.repeat(MAX_UPLOAD_BYTES / 2) },
            { path: 'b.html', content: 'é'.repeat(MAX_UPLOAD_BYTES / 4 + 1) },
          ],
        },
        'too large together',
      ],
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
      expect(() => artifactSource(input), message).toThrow(message);
    }
  });
});
