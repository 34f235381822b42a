import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext, Part } from '../context';
import { acmeChallenge } from '../db/queries/certificates';
import { runCertificateWork } from '../domain/domains/certificates';

export const ACME_CHALLENGE_PATH = '/.well-known/acme-challenge/';
const STOP_WAIT_MS = 5000;

/**
 * Starts the certificate work as soon as a domain is verified, instead of at the job's next
 * tick. One loop per node at a time; a verification heard meanwhile runs it once more.
 */
export function createCertificateOrdering(ctx: AppContext): Part {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runCertificateWork(ctx);
        } catch (err) {
          ctx.log.error({ err }, 'certificate work failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  let off: (() => void) | null = null;
  return {
    start() {
      off = ctx.events.on('domain.verified', kick);
    },
    async stop() {
      stopped = true;
      off?.();
      // An order waits on the CA with backoff: a stop waits a little, not as long as it
      // takes. An order cut short is retried by the job, on this node or another.
      const bounded = new Promise<void>((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref());
      await Promise.race([running, bounded]);
    },
  };
}

/**
 * Answers an HTTP-01 challenge for any host, from the database so every node can. Returns
 * false for other paths.
 */
export function answerAcmeChallenge(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const url = req.url ?? '/';
  if (!url.startsWith(ACME_CHALLENGE_PATH)) return false;
  const token = url.slice(ACME_CHALLENGE_PATH.length).split('?')[0] ?? '';
  const send = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (!/^[A-Za-z0-9_-]+$/.test(token)) {
    send(404, 'Not found');
    return true;
  }
  acmeChallenge(ctx.db, token).then(
    (keyAuthorization) => (keyAuthorization ? send(200, keyAuthorization) : send(404, 'Not found')),
    (err: unknown) => {
      ctx.log.error({ err }, 'reading an ACME challenge failed');
      send(500, 'Error');
    },
  );
  return true;
}
