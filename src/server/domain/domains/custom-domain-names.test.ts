import fc from 'fast-check';
import { parse } from 'tldts';
import { describe, expect, it } from 'vitest';
import { checkCustomDomain, MAX_DOMAIN_LENGTH } from './custom-domain-names';

const own = { hosts: ['app.artifacts.dev', 'sites.artifacts.dev'] };
const check = (raw: string) => checkCustomDomain(raw, own);
const refused = (raw: string) => {
  const result = check(raw);
  return result.ok ? '(accepted)' : result.message;
};

describe('custom domain names', () => {
  it('accepts subdomains and apex domains, lower-cased and trimmed, and tells them apart', () => {
    expect(check('  WWW.Example.COM ')).toEqual({
      ok: true,
      domain: 'www.example.com',
      apex: false,
    });
    expect(check('example.com')).toEqual({ ok: true, domain: 'example.com', apex: true });
    expect(check('shop.example.co.uk')).toEqual({
      ok: true,
      domain: 'shop.example.co.uk',
      apex: false,
    });
    expect(check('example.co.uk')).toMatchObject({ ok: true, apex: true });
    expect(check('www.example.com.')).toMatchObject({ ok: true, domain: 'www.example.com' });
    // a name under a private suffix is its owner's apex
    expect(check('me.github.io')).toMatchObject({ ok: true, apex: true });
    expect(check('xn--bcher-kva.de')).toMatchObject({ ok: true, domain: 'xn--bcher-kva.de' });
  });

  it('refuses what is not a domain someone owns, saying why', () => {
    expect(refused('')).toMatch(/Please enter a domain/);
    expect(refused('   ')).toMatch(/Please enter a domain/);
    expect(refused('1.2.3.4')).toMatch(/not an IP address/);
    expect(refused('[::1]')).toMatch(/not an IP address/);
    expect(refused('93.184.216.34:80')).toMatch(/not an IP address/);
    expect(refused('www.example.com:8080')).toMatch(/without a port/);
    expect(refused('https://www.example.com/')).toMatch(/without http/);
    expect(refused('localhost')).toMatch(/localhost/);
    expect(refused('www.localhost')).toMatch(/localhost/);
    expect(refused('com')).toMatch(/public suffix/);
    expect(refused('co.uk')).toMatch(/public suffix/);
    expect(refused('github.io')).toMatch(/public suffix/);
    expect(refused('example.invalidtld')).toMatch(/not a public top-level domain/);
    expect(refused('example.test')).toMatch(/not a public top-level domain/);
    expect(refused('app.artifacts.dev')).toMatch(/belongs to this service/);
    expect(refused('x.sites.artifacts.dev')).toMatch(/belongs to this service/);
    expect(refused('SITES.artifacts.dev')).toMatch(/belongs to this service/);
    expect(refused('bücher.de')).toMatch(/xn--/);
    expect(refused('www.ex\u200bample.com')).toMatch(/only the letters/);
    expect(refused('xn--zz.com')).toMatch(/not a valid internationalized/);
    expect(refused('www.example.com\n')).toMatch(/control characters/);
    expect(refused('www.exa\u0000mple.com')).toMatch(/control characters/);
    expect(refused('-www.example.com')).toMatch(/not a valid domain/);
    expect(refused('www..example.com')).toMatch(/not a valid domain/);
    expect(refused('under_score.example.com')).toMatch(/not a valid domain/);
    expect(refused(`${'a'.repeat(64)}.com`)).toMatch(/not a valid domain/);
    const long = `${'a.'.repeat(125)}com`; // 253 characters
    expect(long).toHaveLength(MAX_DOMAIN_LENGTH);
    expect(check(long)).toMatchObject({ ok: true });
    expect(refused(`a${long}`)).toMatch(/at most 253 characters/);
  });

  const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/);

  it('accepts every well-formed name under a public suffix, whatever its case and spacing', () => {
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('com', 'dev', 'app', 'co.uk', 'de'),
        fc.constantFrom('', ' ', '  '),
        (labels, suffix, pad) => {
          const name = `${labels.join('.')}.${suffix}`;
          fc.pre(!labels.some((l) => l.startsWith('xn--')) && !labels.includes('localhost'));
          // Random labels can spell a private suffix (hk.com, github.io), whose rules the
          // examples above cover: here every name sits right under the chosen suffix.
          fc.pre(parse(name, { allowPrivateDomains: true }).publicSuffix === suffix);
          const result = check(`${pad}${name.toUpperCase()}${pad}`);
          expect(result).toMatchObject({ ok: true, domain: name, apex: labels.length === 1 });
          // judging an accepted domain again changes nothing
          expect(check(name)).toEqual(result);
        },
      ),
    );
  });

  it('never accepts anything but a short lower-case ASCII name that is not ours', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `${s}.example.com`),
          fc
            .array(label, { minLength: 1, maxLength: 3 })
            .map((l) => `${l.join('.')}.sites.artifacts.dev`),
          fc.ipV4(),
          fc.ipV6().map((ip) => `[${ip}]`),
          fc.tuple(label, fc.nat(65535)).map(([l, port]) => `${l}.example.com:${port}`),
        ),
        (raw) => {
          const result = check(raw);
          if (!result.ok) {
            expect(result.message.length).toBeGreaterThan(10);
            return;
          }
          expect(result.domain).toMatch(/^[a-z0-9.-]+$/);
          expect(result.domain.length).toBeLessThanOrEqual(MAX_DOMAIN_LENGTH);
          expect(result.domain.endsWith('artifacts.dev')).toBe(false);
          expect(result.domain).not.toMatch(/^[\d.]+$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
