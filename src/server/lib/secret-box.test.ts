import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyIdOf, open, seal, sealedKeyId } from './secret-box';

describe('secret box', () => {
  const secret = 's'.repeat(32);

  it('opens what it sealed, with the same secret only', () => {
    const sealed = seal(secret, '-----BEGIN PRIVATE KEY-----\nabc');
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(seal(secret, 'same')).not.toBe(seal(secret, 'same'));
    expect(open(secret, sealed)).toBe('-----BEGIN PRIVATE KEY-----\nabc');
    expect(() => open('t'.repeat(32), sealed)).toThrow();
    const [v, kid, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(secret, [v, kid, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
  });

  it('names the key that sealed a value, so a rotation finds what an older secret sealed', () => {
    expect(sealedKeyId(seal(secret, 'x'))).toBe(keyIdOf(secret));
    expect(keyIdOf(secret)).not.toBe(keyIdOf('t'.repeat(32)));
    expect(keyIdOf(secret)).toMatch(/^[0-9a-f]{12}$/);
  });

  it('still opens values sealed before key ids (format v1)', () => {
    const key = Buffer.from(hkdfSync('sha256', secret, 'artifact-host', 'stored-secrets', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update('old value', 'utf8'), cipher.final()]);
    const v1 = ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
      .join(':');
    expect(open(secret, v1)).toBe('old value');
    expect(sealedKeyId(v1)).toBeNull();
  });
});
