import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEntryName } from './zip';
import { BuildError } from './types';

// The entry names are pure strings; that each one is reachable by its URL is checked with
// the hosting side, in server/hosting/paths.test.ts.

// A real name part: anything but separators, NUL and the dot segments.
const part = fc
  .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
  .filter((s) => !/[/\\\0]/.test(s) && s !== '.' && s !== '..');
const separator = fc.constantFrom('/', '//', '\\', '/./', '\\.\\', '/.//');
/** The same path spelled as zip tools do: `./` first, doubled or back slashes, `.` parts. */
const spelled = fc
  .tuple(fc.array(part, { minLength: 1, maxLength: 5 }), fc.boolean())
  .chain(([parts, dotFirst]) =>
    fc
      .array(separator, { minLength: parts.length - 1, maxLength: parts.length - 1 })
      .map((seps) => ({
        parts,
        name:
          (dotFirst ? './' : '') + parts.map((p, i) => (i === 0 ? p : seps[i - 1] + p)).join(''),
      })),
  );

const refused = (name: string) => {
  try {
    normalizeEntryName(name);
    return false;
  } catch (err) {
    return err instanceof BuildError;
  }
};

describe('zip entry names', () => {
  it('spells the usual variants of a path one way', () => {
    expect(normalizeEntryName('./index.html')).toBe('index.html');
    expect(normalizeEntryName('a/./b.js')).toBe('a/b.js');
    expect(normalizeEntryName('a//b.js')).toBe('a/b.js');
    expect(normalizeEntryName('a\\b.js')).toBe('a/b.js');
    expect(normalizeEntryName('./assets/')).toBe('assets/');
    expect(normalizeEntryName('./')).toBe('');
  });

  it('normalizes any spelling to its parts joined by single slashes', () => {
    fc.assert(
      fc.property(spelled, ({ parts, name }) => {
        expect(normalizeEntryName(name)).toBe(parts.join('/'));
      }),
    );
  });

  it('is idempotent, and never leaves the root', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        if (refused(name)) return;
        const once = normalizeEntryName(name);
        expect(normalizeEntryName(once)).toBe(once);
        expect(once.startsWith('/')).toBe(false);
        expect(once.split('/')).not.toContain('..');
        expect(once.split('/').slice(0, -1)).not.toContain('');
      }),
    );
  });

  it('refuses every name that climbs out or is absolute', () => {
    fc.assert(
      fc.property(spelled, fc.integer({ min: 0, max: 5 }), ({ name }, at) => {
        const segments = name.split('/');
        const climbing = [...segments.slice(0, at), '..', ...segments.slice(at)].join('/');
        expect(refused(climbing)).toBe(true);
        expect(refused(`/${name}`)).toBe(true);
        expect(refused(`\\${name}`)).toBe(true);
      }),
    );
  });
});
