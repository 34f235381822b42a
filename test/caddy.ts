import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './child-server';
import { waitUntil } from './wait';

export const CADDY = '/usr/bin/caddy';
/** The front the product ships: tests and benches run this very file. */
export const CADDYFILE = fileURLToPath(new URL('../deploy/Caddyfile', import.meta.url));

/** Why Caddy tests cannot run here, or null when they can. */
export function caddyMissing(): string | null {
  return existsSync(CADDY) ? null : `${CADDY} is missing (Debian package caddy)`;
}

export interface Caddy {
  httpPort: number;
  httpsPort: number;
  output(): string;
  close(): Promise<void>;
}

/**
 * deploy/Caddyfile run by Debian's caddy, with its settings in `env` (FRONT_*, SITES_DOMAIN…)
 * and `globals` (more global options: another CA, `local_certs`) written to a file it imports.
 * Its state (certificates, ACME account) lives in a folder thrown away at close.
 */
export async function startCaddy(opts: {
  env: Record<string, string>;
  globals?: string[];
  httpPort?: number;
  httpsPort?: number;
  /** GOMAXPROCS: how many cores Caddy may use (a bench gives it the same as nginx's one worker) */
  cores?: number;
}): Promise<Caddy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'caddy-'));
  const httpPort = opts.httpPort ?? (await freePort());
  const httpsPort = opts.httpsPort ?? (await freePort());
  const admin = await freePort();
  const globals = path.join(dir, 'test.globals');
  // Never the machine's trust store, and an admin endpoint of its own per instance.
  writeFileSync(
    globals,
    [`admin 127.0.0.1:${admin}`, 'skip_install_trust', ...(opts.globals ?? [])].join('\n') + '\n',
  );
  let out = '';
  const child: ChildProcess = spawn(
    CADDY,
    ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'],
    {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'data'),
        XDG_CONFIG_HOME: path.join(dir, 'config'),
        ...(opts.cores ? { GOMAXPROCS: String(opts.cores) } : {}),
        FRONT_HTTP_PORT: String(httpPort),
        FRONT_HTTPS_PORT: String(httpsPort),
        FRONT_EXTRA_GLOBALS: globals,
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const listening = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`caddy exited: ${out}`);
      // Its own log line, not only an open port: a port another process took between
      // freePort() and Caddy's bind answers too, and Caddy then exits on the clash.
      return (
        out.includes('serving initial configuration') &&
        (await listening(httpsPort)) &&
        (await listening(httpPort))
      );
    },
    { what: () => `caddy to listen on ${httpsPort} (${out})` },
  );
  return {
    httpPort,
    httpsPort,
    output: () => out,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
