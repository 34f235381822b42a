import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A 256-bit random session token; only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newId(): string {
  return randomUUID();
}

export function nowIso(now = Date.now()): string {
  return new Date(now).toISOString();
}
