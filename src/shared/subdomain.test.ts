import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './names';
import { checkSubdomain, RESERVED_SUBDOMAINS } from './subdomain';
import { VERSION_LABEL } from './version-links';

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const CONTROL_CHARS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];

/** Strings shaped like what people type: mostly label characters, some anything at all. */
const typed = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'abcxnz019-_. XN'.split('')), maxLength: 70 }),
  fc.string({ unit: 'binary', maxLength: 70 }),
  fc.stringMatching(/^[a-z0-9-]{1,70}$/),
);

describe('checkSubdomain', () => {
  it('accepts only lower-case DNS labels, never punycode or a reserved name', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const check = checkSubdomain(raw);
        if (!check.ok) return;
        expect(check.subdomain).toMatch(DNS_LABEL);
        expect(check.subdomain).toBe(check.subdomain.toLowerCase());
        expect(check.subdomain.length).toBeLessThanOrEqual(63);
        expect(check.subdomain.startsWith('xn--')).toBe(false);
        expect(RESERVED_SUBDOMAINS.has(check.subdomain)).toBe(false);
        expect(hasControlCharacter(raw)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips: an accepted subdomain is accepted again as itself', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const check = checkSubdomain(raw);
        if (!check.ok) return;
        expect(checkSubdomain(check.subdomain)).toEqual(check);
        expect(checkSubdomain(check.subdomain.toUpperCase())).toEqual(check);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every DNS label that is neither punycode, reserved nor a version link', () => {
    const label = fc
      .stringMatching(DNS_LABEL)
      .filter(
        (s) => !s.startsWith('xn--') && !RESERVED_SUBDOMAINS.has(s) && !VERSION_LABEL.test(s),
      );
    fc.assert(
      fc.property(label, (s) => {
        expect(checkSubdomain(s)).toEqual({ ok: true, subdomain: s });
      }),
    );
  });

  it('refuses every label shaped like a version link (v3--name)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        (n, name) => {
          expect(checkSubdomain(`v${n}--${name}`)).toMatchObject({ ok: false });
        },
      ),
    );
  });

  it('refuses every name with a control character, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,30}$/),
        fc.constantFrom(...CONTROL_CHARS),
        fc.nat(),
        (label, control, at) => {
          const i = at % (label.length + 1);
          const check = checkSubdomain(label.slice(0, i) + control + label.slice(i));
          expect(check).toEqual({
            ok: false,
            message: 'Subdomain cannot contain control characters',
          });
        },
      ),
    );
  });

  it('refuses every punycode label, in any case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,57}[a-z0-9])?$/), (rest) => {
        for (const prefix of ['xn--', 'XN--', 'Xn--']) {
          const check = checkSubdomain(prefix + rest);
          expect(check.ok).toBe(false);
          if (!check.ok) expect(check.message).toMatch(/xn--/);
        }
      }),
    );
  });
});
