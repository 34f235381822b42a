import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMOS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not come up');
}

describe('the server process', () => {
  it('drains an in-flight request on SIGTERM and exits 0', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ah-main-'));
    const proc = startProcess({ PORT: String(port), DATA_DIR: dataDir });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url).catch((err) => {
      throw new Error(`${err.message}: ${proc.output()}`);
    });
    // Registration hashes a password (tens of ms): a real request still running at SIGTERM.
    const inFlight = fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'drain@example.com', password: 'long enough' }),
    });
    await new Promise((r) => setTimeout(r, 5));
    proc.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(201);
    expect(await proc.exited).toBe(0);
  });

  it('refuses to start on a bad variable, naming it', async () => {
    const proc = startProcess({
      PORT: 'abc',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ah-main-')),
    });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/PORT/);
  });
});
