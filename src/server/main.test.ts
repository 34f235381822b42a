import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  spawnServer,
  spawnServerProcess,
  stopServer,
  type ServerProcess,
} from '../../test/child-server';
import { fetchSite } from '../../test/deploy';
import { waitUntil } from '../../test/wait';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'ah-main-'));

describe('the server process', () => {
  let proc: ServerProcess | undefined;
  afterEach(() => stopServer(proc));

  // A cold start of the server process takes a while on a busy machine.
  it('drains an in-flight request on SIGTERM and exits 0', async () => {
    // from the source, as `npm start` runs it
    const server = await spawnServer(
      { PORT: String(await freePort()), DATA_DIR: dataDir() },
      [],
      'source',
    );
    proc = server;
    // The body is held back until after SIGTERM, so the request cannot finish before the
    // signal: an answer proves the server drained it rather than won a race with it. The
    // server's '100 Continue' proves it has the request in hand before the signal is sent.
    const body = JSON.stringify({ email: 'drain@example.com', password: 'long enough' });
    const req = request(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const received = new Promise<void>((resolve) => req.once('continue', resolve));
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    // A failure surfaces where the answer is awaited, not as an unhandled rejection earlier.
    answered.catch(() => undefined);
    req.flushHeaders();
    await received;

    server.child.kill('SIGTERM');
    // Shutting down: the server takes no new requests (refused, or 503 on a kept-alive socket).
    await waitUntil(
      async () => {
        try {
          return (await fetch(`${server.url}/api/health`)).status === 503;
        } catch {
          return true;
        }
      },
      { what: 'the server to stop taking new requests after SIGTERM' },
    );
    req.end(body);

    const res = await answered;
    expect(res.status, res.text).toBe(201);
    expect(JSON.parse(res.text).user.email).toBe('drain@example.com');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('stops after a build with its own lines only: no crash dump from the build thread of esbuild', async () => {
    const server = await spawnServer(
      { PORT: String(await freePort()), DATA_DIR: dataDir() },
      [],
      'source',
    );
    proc = server;
    const deployed = await fetch(`${server.url}/api/deployments/deploy/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subdomain: 'stops-clean',
        // a React component: its build runs esbuild's service in the build thread
        code: 'export default function App() { return <p className="p-4">stops clean</p>; }',
      }),
    });
    expect(deployed.status).toBe(201);
    await waitUntil(async () => (await fetchSite(server.port, 'stops-clean')).status === 200, {
      what: 'the site to be live',
    });
    // Idle a moment, as a server does between builds: esbuild's service pings its build
    // thread about once a second, and a thread parked between tasks never answered.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const output = server.output.join('');
    expect(output).not.toMatch(/fatal error|goroutine/);
  }, 120_000);

  it('refuses to start on a bad variable, naming it', async () => {
    proc = spawnServerProcess({ PORT: 'abc', DATA_DIR: dataDir() });
    expect(await proc.exited).toBe(1);
    expect(proc.output.join('')).toMatch(/PORT/);
  });
});
