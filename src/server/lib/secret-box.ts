import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM with a key derived from SECRET_KEY by HKDF. The stored text carries its format,
// the id of the key that sealed it, the nonce and the tag: a changed or damaged value fails to
// open rather than decrypting to garbage, and `npm run rotate-secret` finds what an older
// secret sealed. Format v1 (no key id) is still opened.

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'artifact-host', 'stored-secrets', 32));
}

/** A short public name of the key a secret derives: never enough to learn the key. */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update(keyOf(secret)).digest('hex').slice(0, 12);
}

export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    'v2',
    keyIdOf(secret),
    iv.toString('base64'),
    tag.toString('base64'),
    body.toString('base64'),
  ].join(':');
}

/** The id of the key that sealed a value (null for format v1, which kept none). */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split(':');
  return parts[0] === 'v2' ? (parts[1] ?? null) : null;
}

export function open(secret: string, sealed: string): string {
  const parts = sealed.split(':');
  const [iv, tag, body] =
    parts[0] === 'v2' ? parts.slice(2) : parts[0] === 'v1' ? parts.slice(1) : [];
  if (!iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}
