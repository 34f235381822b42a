import { createHash, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** Times are ISO-8601 UTC strings in both databases, so they compare and sort as text. */
export function nowIso(now = Date.now()): string {
  return new Date(now).toISOString();
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}
