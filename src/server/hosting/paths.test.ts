import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEntryName } from '../../builder/zip';
import { candidates, sitePath } from './paths';
import type { HostedFile } from './hosted-file';
import { lookup } from './serve';

// URL paths as visitors and attackers write them: plain parts mixed with dot segments,
// encoded dots and slashes, doubled slashes, and any other text.
const piece = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '%2e%2e',
    '%2E%2e',
    '..%2f',
    '%2f',
    '%5c',
    '%00',
    '%',
    'a',
    'index.html',
  ),
  fc.string({ maxLength: 8, unit: 'grapheme' }),
  fc.string({ maxLength: 8, unit: 'grapheme' }).map(encodeURIComponent),
);
const url = fc
  .tuple(fc.array(piece, { maxLength: 8 }), fc.constantFrom('', '?q=1', '#top', '/'))
  .map(([pieces, tail]) => `/${pieces.join('/')}${tail}`);

const urlOf = (p: string) => '/' + p.split('/').map(encodeURIComponent).join('/');

// A zip entry name as zip tools write it: `./` first, doubled or back slashes, `.` parts.
const namePart = fc
  .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
  .filter((s) => !/[/\\\0]/.test(s) && s !== '.' && s !== '..');
const entryName = fc
  .tuple(fc.array(namePart, { minLength: 1, maxLength: 5 }), fc.boolean())
  .chain(([parts, dotFirst]) =>
    fc
      .array(fc.constantFrom('/', '//', '\\', '/./'), {
        minLength: parts.length - 1,
        maxLength: parts.length - 1,
      })
      .map(
        (seps) =>
          (dotFirst ? './' : '') + parts.map((p, i) => (i === 0 ? p : seps[i - 1] + p)).join(''),
      ),
  );

describe('URL to site path', () => {
  it('reaches every file a zip entry was stored as, by its URL', () => {
    fc.assert(
      fc.property(entryName, (name) => {
        const stored = normalizeEntryName(name);
        const file = { path: stored } as HostedFile;
        const p = sitePath(urlOf(stored));
        expect(p).toBe(stored);
        expect(lookup((c) => (c === stored ? file : undefined), p!)).toEqual({ file, status: 200 });
      }),
    );
  });

  it('never resolves outside the site root', () => {
    fc.assert(
      fc.property(url, (u) => {
        const p = sitePath(u);
        if (p === null) return;
        expect(p.startsWith('/')).toBe(false);
        expect(p.split('/')).not.toContain('..');
        expect(p).not.toContain('\0');
        for (const file of candidates(p)) {
          const root = '/srv/site';
          expect(path.posix.resolve(root, file).startsWith(`${root}/`)).toBe(true);
        }
      }),
    );
  });

  it('is idempotent: the URL of a resolved path resolves to it again', () => {
    fc.assert(
      fc.property(url, (u) => {
        const p = sitePath(u);
        if (p === null) return;
        expect(sitePath(urlOf(p))).toBe(p);
      }),
    );
  });

  it('refuses what cannot be read instead of guessing', () => {
    expect(sitePath('/%E0%A4%A')).toBeNull();
    expect(sitePath('/a%00b')).toBeNull();
    expect(sitePath('/a%5cb')).toBeNull();
  });
});
