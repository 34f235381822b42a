import { hkdfSync } from 'node:crypto';
import type tls from 'node:tls';

/** How long one ticket key encrypts new tickets before every node moves to the next. */
export const TICKET_KEY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The 48 bytes (name, HMAC and AES keys) of the window's ticket key. Every node with the same
 * SECRET_KEY derives the same key for the same window, so a ticket issued by one node resumes
 * on another without any shared store; the window number makes the key change each day.
 */
export function ticketKeysOf(secretKey: string, window: number): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'artifact-host', `tls-tickets ${window}`, 48));
}

/**
 * OpenSSL refuses a session from another "session id context"; Node's default is a hash of
 * the process's command line, which differs between nodes started differently.
 */
export function sessionIdContextOf(secretKey: string): string {
  return Buffer.from(hkdfSync('sha256', secretKey, 'artifact-host', 'tls-session-context', 16))
    .toString('hex')
    .slice(0, 32);
}

export function ticketWindowAt(now: number): number {
  return Math.floor(now / TICKET_KEY_WINDOW_MS);
}

/**
 * Sets the server's ticket key for the current window and switches it at each window's end.
 * Node holds one ticket key per server, so a ticket of the previous window is not accepted
 * after the switch: such a visitor makes one full handshake. Tickets live `sessionTimeout`
 * (300 s by default), so that touches only tickets issued in the window's last minutes.
 * The key lives in the server's first context: OpenSSL seals tickets with it whichever SNI
 * context (a custom domain's certificate) the handshake then switched to.
 */
export function rotateTicketKeys(
  server: Pick<tls.Server, 'setTicketKeys'>,
  secretKey: string,
  clock: () => number = Date.now,
): () => void {
  let timer: NodeJS.Timeout | null = null;
  const apply = () => {
    const now = clock();
    const window = ticketWindowAt(now);
    server.setTicketKeys(ticketKeysOf(secretKey, window));
    // A little past the boundary, so a timer firing early never sets the old key again.
    timer = setTimeout(apply, (window + 1) * TICKET_KEY_WINDOW_MS - now + 50);
    timer.unref();
  };
  apply();
  return () => {
    if (timer) clearTimeout(timer);
  };
}
