import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  child: ChildProcess;
  port: number;
  url: string;
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

/** The real server (`node --import tsx src/server/main.ts`) as a child process. */
export async function spawnServer(env: Record<string, string>): Promise<ChildServer> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMOS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(String(d)));
  child.stderr!.on('data', (d: Buffer) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, url, output, exited };
}
