/** Anything with on/off listeners: a socket.io client socket, a Node EventEmitter. */
export interface Listenable {
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
}

/**
 * Resolves with the first `name` event that `accept` takes. Start waiting before the action
 * that causes the event, so an event sent during the action is not missed. The deadline
 * turns a lost event into a failure that says what never came.
 */
export function waitForEvent<T = unknown>(
  socket: Listenable,
  name: string,
  accept: (payload: T) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(name, listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(name, listener);
      reject(new Error(`no matching '${name}' event within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(name, listener);
  });
}

/**
 * Checks `check` until it returns true (or a value other than false/undefined/null), for a
 * condition that no event announces (a row written by a background batch, a port that
 * starts answering). Returns what `check` returned.
 */
export async function waitUntil<T>(
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  opts: { timeoutMs?: number; intervalMs?: number; what?: string | (() => string) } = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 50 } = opts;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== false && result !== null && result !== undefined) return result;
    if (Date.now() > end) {
      const what = typeof opts.what === 'function' ? opts.what() : (opts.what ?? 'a condition');
      throw new Error(`waited ${timeoutMs} ms for ${what}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
