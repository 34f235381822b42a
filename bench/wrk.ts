// wrk, Debian's HTTP load generator, as bench:serve runs it, and the reading of its figures.
import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { onLoadCores } from './cores';
import { mean } from './side-by-side';

export const DURATION = process.env.BENCH_SECONDS ?? '3';
export const CONNECTIONS = '50';
// One wrk thread leaves the other core of a two-core machine to the server under test, so
// neither server fights the load generator for a core (BENCH_THREADS for bigger machines).
export const THREADS = process.env.BENCH_THREADS ?? '1';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

export function need(tool: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/bin']) {
    const file = path.join(dir, tool);
    try {
      execFileSync(file, ['-v'], { stdio: 'ignore' });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return file;
    }
  }
  console.error(`${tool} is missing: apt-get install -y wrk nginx`);
  process.exit(1);
}

// wrk runs as a child process asynchronously: the server under test lives in this process,
// so a synchronous wait would block the very event loop that has to answer.
export async function wrk(
  url: string,
  host: string,
  newConnectionEach = false,
  seconds = DURATION,
): Promise<{ rps: number; p99: string; requests: number }> {
  const [file, args] = onLoadCores(need('wrk'), [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    `Host: ${host}`,
    '-H',
    `User-Agent: ${BROWSER}`,
    ...(newConnectionEach ? ['-H', 'Connection: close'] : []),
    url,
  ]);
  const out = await new Promise<string>((resolve, reject) =>
    execFile(file, args, { encoding: 'utf8' }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    ),
  );
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw error responses from ${url}:\n${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return { rps, p99, requests };
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

export function p99Ms(p99: string): number {
  const [, value, unit] = /^([\d.]+)(\w+)$/.exec(p99) ?? [];
  return Number(value) * (UNIT_MS[unit ?? ''] ?? NaN);
}

/** Mean requests/s of several runs, and the worst of their p99s. */
export function combined(runs: Array<{ rps: number; p99: string }>): { rps: number; p99: string } {
  const worst = runs.reduce((a, b) => (p99Ms(b.p99) > p99Ms(a.p99) ? b : a));
  return { rps: mean(runs.map((r) => r.rps)), p99: worst.p99 };
}

/**
 * A run against a server in this process, with the CPU time this process spent on each
 * request (all its threads, user and system; wrk is another process). Both servers of a
 * side-by-side pair live here, so the difference is what one answer costs more than the other.
 */
export async function withCpu<T extends { requests: number }>(
  run: () => Promise<T>,
): Promise<T & { cpuUs: number }> {
  const before = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(before);
  if (result.requests === 0) throw new Error('wrk reported no requests: no CPU time per request');
  return { ...result, cpuUs: (used.user + used.system) / result.requests };
}
