import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box';

describe('secret box', () => {
  it('opens what it sealed, with the same secret only', () => {
    const secret = 's'.repeat(32);
    const sealed = seal(secret, '-----BEGIN PRIVATE KEY-----\nabc');
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(seal(secret, 'same')).not.toBe(seal(secret, 'same'));
    expect(open(secret, sealed)).toBe('-----BEGIN PRIVATE KEY-----\nabc');
    expect(() => open('t'.repeat(32), sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(secret, [v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
  });
});
