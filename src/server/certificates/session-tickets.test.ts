import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { freePort } from '../../../test/child-server';
import { makeSelfSignedCertificate } from '../../../test/self-signed';
import { startTestServer, type TestServer } from '../../../test/server';
import { putCertificate } from '../db/queries/certificates';
import { seal } from '../lib/secret-box';
import {
  rotateTicketKeys,
  TICKET_KEY_WINDOW_MS,
  ticketKeysOf,
  ticketWindowAt,
} from './session-tickets';

const SITES_DOMAIN = 'sites.tickets.test';
const SECRET = 'tickets-secret-key-tickets-secret-key-01';
const CUSTOM = 'www.shop-tickets.example';

interface Handshake {
  reused: boolean;
  /** The ticket of a full handshake (a resumed one is not sent a new ticket). */
  session?: Buffer;
}

/** One TLS connection: resumed or not, and a new handshake's first session ticket. */
function handshake(port: number, servername: string, ca: string, session?: Buffer) {
  return new Promise<Handshake>((resolve, reject) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      servername,
      ca,
      ...(session ? { session } : {}),
    });
    socket.once('secureConnect', () => {
      if (!socket.isSessionReused()) return;
      resolve({ reused: true });
      socket.end();
    });
    socket.once('session', (ticket: Buffer) => {
      resolve({ reused: socket.isSessionReused(), session: ticket });
      socket.end();
    });
    socket.once('error', reject);
  });
}

describeEachDatabase('TLS session tickets across nodes', (dialect) => {
  let dir: string;
  let ca: string;
  let customCa: string;
  let a: TestServer;
  let b: TestServer;
  let stranger: TestServer;

  const start = async (secret: string) => {
    const server = await startTestServer(dialect, {
      SITES_DOMAIN,
      SECRET_KEY: secret,
      HTTPS_PORT: String(await freePort()),
      TLS_CERT_FILE: path.join(dir, 'cert.pem'),
      TLS_KEY_FILE: path.join(dir, 'key.pem'),
    });
    // A custom domain's certificate is served from its own SNI context.
    const custom = path.join(dir, 'custom');
    await putCertificate(server.ctx.db, {
      domain: CUSTOM,
      cert_pem: readFileSync(path.join(custom, 'cert.pem'), 'utf8'),
      key_pem: seal(secret, readFileSync(path.join(custom, 'key.pem'), 'utf8')),
      issued_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    return server;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tickets-'));
    ca = readFileSync(makeSelfSignedCertificate(dir, 'sites', [`*.${SITES_DOMAIN}`]).cert, 'utf8');
    const custom = path.join(dir, 'custom');
    mkdirSync(custom);
    customCa = readFileSync(makeSelfSignedCertificate(custom, CUSTOM, [CUSTOM]).cert, 'utf8');
    [a, b, stranger] = await Promise.all([start(SECRET), start(SECRET), start(`${SECRET}-other`)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), stranger?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes on node B a session whose ticket node A issued', async () => {
    const name = `shop.${SITES_DOMAIN}`;
    const first = await handshake(a.httpsPort!, name, ca);
    expect(first.reused).toBe(false);
    const onB = await handshake(b.httpsPort!, name, ca, first.session);
    expect(onB.reused).toBe(true);
  });

  it("resumes across nodes on a custom domain's own certificate too", async () => {
    const first = await handshake(a.httpsPort!, CUSTOM, customCa);
    expect(first.reused).toBe(false);
    const onB = await handshake(b.httpsPort!, CUSTOM, customCa, first.session);
    expect(onB.reused).toBe(true);
  });

  it('makes a full handshake on a node with another SECRET_KEY', async () => {
    const name = `shop.${SITES_DOMAIN}`;
    const first = await handshake(a.httpsPort!, name, ca);
    const elsewhere = await handshake(stranger.httpsPort!, name, ca, first.session);
    expect(elsewhere.reused).toBe(false);
  });
});

describe('ticket key rotation', () => {
  it('derives one key per window and switches at the window boundary', async () => {
    const set: Buffer[] = [];
    const boundary = 20_000 * TICKET_KEY_WINDOW_MS;
    let now = boundary - 30;
    const stop = rotateTicketKeys({ setTicketKeys: (k: Buffer) => set.push(k) }, SECRET, () => now);
    expect(set).toHaveLength(1);
    expect(set[0]).toEqual(ticketKeysOf(SECRET, ticketWindowAt(boundary - 1)));
    expect(set[0]).toHaveLength(48);
    now = boundary + 20;
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (set.length < 2) return;
        clearInterval(check);
        resolve();
      }, 10);
    });
    stop();
    expect(set[1]).toEqual(ticketKeysOf(SECRET, ticketWindowAt(boundary)));
    expect(set[1]).not.toEqual(set[0]);
    expect(ticketKeysOf(`${SECRET}x`, 1)).not.toEqual(ticketKeysOf(SECRET, 1));
  });
});
