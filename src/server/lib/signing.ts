import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Short signatures over values the server hands out and reads back (a private site's visitor
// cookie): HMAC-SHA-256 with a key derived from SECRET_KEY for one purpose by HKDF, as
// secret-box.ts and the TLS ticket keys derive theirs, so one purpose's signature never
// passes for another's.

export function signingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'artifact-host', `signing ${purpose}`, 32));
}

/** The signature of `text`, base64url. */
export function signatureOf(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Whether `signature` is `text`'s, compared in constant time. */
export function hasSignature(key: Buffer, text: string, signature: string): boolean {
  const expected = Buffer.from(signatureOf(key, text));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
