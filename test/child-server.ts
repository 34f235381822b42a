import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverBundle } from './server-bundle';
import { waitUntil } from './wait';

const ROOT = path.resolve(import.meta.dirname, '..');

// A port the kernel picks with listen(0) comes from its range for outgoing connections
// (ip_local_port_range, 32768–60999 on Linux), so any connection made between closing the probe
// and the caller's own listen (a browser's, a database pool's) may take it: EADDRINUSE, a
// flaky failure. Ports are taken from below that range instead, where only an explicit bind
// lands, each test worker in a block of its own (VITEST_POOL_ID), one after another.
const PORTS_FROM = 20_000;
const BLOCK = 1_000;
const BLOCKS = 12;
const block = PORTS_FROM + (Number(process.env.VITEST_POOL_ID ?? 0) % BLOCKS) * BLOCK;
// A random start, so runs one after another do not reach for a port a slow child still holds.
let offset = Math.floor(Math.random() * BLOCK);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that nothing listens on and no outgoing connection can take. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = block + (offset++ % BLOCK);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${block}–${block + BLOCK - 1}`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr, in order. */
  output: string[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export interface ChildServer extends ServerProcess {
  port: number;
  url: string;
}

/** How a child server starts: its source through tsx (as `npm start`), or compiled once. */
const SOURCE = ['--import', 'tsx', 'src/server/main.ts'];

/** The real server (`node --import tsx src/server/main.ts`) as a child process, not yet awaited. */
export function spawnServerProcess(
  env: Record<string, string>,
  args: string[] = [],
  entry: string[] = SOURCE,
): ServerProcess {
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMOS: 'false',
      STATUS_CHECKS: 'false',
      // no browser screenshotting each build beside the test (previews.test.ts has its own)
      LINK_PREVIEWS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(String(d)));
  child.stderr!.on('data', (d: Buffer) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/**
 * The real server as a child process, resolved once it answers /api/health. Started from
 * its compiled bundle (test/server-bundle.ts) unless `from` is 'source'.
 */
export async function spawnServer(
  env: Record<string, string>,
  args: string[] = [],
  from: 'bundle' | 'source' = 'bundle',
): Promise<ChildServer> {
  const port = Number(env.PORT);
  const proc = spawnServerProcess(env, args, from === 'source' ? SOURCE : [await serverBundle()]);
  const url = `http://127.0.0.1:${port}`;
  // A start on a busy machine can take long: the bound is generous and only reports; the
  // test's own timeout governs.
  await waitUntil(
    async () => {
      if (proc.child.exitCode !== null)
        throw new Error(`server exited (${proc.child.exitCode}): ${proc.output.join('')}`);
      try {
        return (await fetch(`${url}/api/health`)).ok;
      } catch {
        return false; // not listening yet
      }
    },
    { timeoutMs: 120_000, what: () => `the server on ${url} to start: ${proc.output.join('')}` },
  );
  return { ...proc, port, url };
}

/** Stops a child server with SIGTERM and waits for it to exit. */
export async function stopServer(server: ServerProcess | null | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}
