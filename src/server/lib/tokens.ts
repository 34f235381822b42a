import { randomBytes } from 'node:crypto';
import { sha256Hex } from './ids';

/** A 256-bit random session token; only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return sha256Hex(token);
}
