import { randomBytes } from 'node:crypto';

// Crockford's alphabet: no I, L, O or U, so a reference read aloud or retyped stays right.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "S-7F3K9QXA": what a person is shown and quotes; 40 random bits, unique in the table. */
export function newSupportReference(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return `S-${out}`;
}
