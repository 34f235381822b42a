import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { serverBusy } from '../../errors';
import { scryptOnThread } from '../../lib/scrypt-thread';

// scrypt (memory-hard) with the parameters stored beside the hash, so they can be raised
// later without breaking stored passwords. Format: scrypt$N$r$p$salt$hash (base64url).
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

// scrypt runs on a thread of its own at a lower priority (lib/scrypt-thread.ts): a flood of
// sign-ups once took both cores from builds and serving, and held file reads back for seconds
// on libuv's shared threads. One hash runs at a time, a few more may wait, and anyone beyond
// that is told to come back rather than queued without end.
export const HASHING = { concurrent: 1, waiting: 32, retryAfterSeconds: 2 } as const;

let running = 0;
const waiting: Array<() => void> = [];

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHING.concurrent) {
    if (waiting.length >= HASHING.waiting) {
      throw serverBusy(
        'The server is busy signing other people in. Please try again in a few seconds.',
        HASHING.retryAfterSeconds,
      );
    }
    // The slot is handed over by the finisher, so `running` never dips and lets a newcomer jump the queue.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return withHashingSlot(() => runScrypt(password, salt, opts));
}

function runScrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return scryptOnThread(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: MAX_MEM });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Hashed when the email is unknown so both failure paths cost the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((err: unknown) => {
    // A busy server must not keep the refusal as the dummy hash for ever.
    dummyHash = undefined;
    throw err;
  });
  return dummyHash;
}
