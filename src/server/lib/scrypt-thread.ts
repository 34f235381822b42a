import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * How readily password hashing yields the CPU: a flood of sign-ups hashes as fast as one
 * core allows, but builds and serving come first when they need the core.
 */
export const HASHING_NICE = 10;

// Plain JavaScript: Node 20 does not carry the TypeScript loader into worker threads. The
// priority is set the way pipeline/thread-priority.ts sets it (Linux; elsewhere unchanged).
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keyLength, options) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

type Pending = { resolve: (key: Buffer) => void; reject: (err: Error) => void };

/**
 * scrypt on a thread of its own at a lower priority, instead of on libuv's four threads,
 * which run at normal priority and which file reads share. Started on first use, and let go
 * of (unref) while nothing waits, so it never keeps the process alive.
 */
class ScryptThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  hash(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, password, salt, keyLength, options });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_CODE, { eval: true, workerData: { nice: HASHING_NICE } });
    worker.on('message', ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if (key) waiting.resolve(Buffer.from(key));
      else waiting.reject(new Error(error ?? 'scrypt failed'));
    });
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the hashing thread exited (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const thread = new ScryptThread();

export function scryptOnThread(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return thread.hash(password, salt, keyLength, options);
}
