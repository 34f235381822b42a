import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

// Visitors of many sites for bench:scale: a few sites get most of the visits (rank r is
// visited in proportion to 1/r, Zipf's law with s = 1), the long tail gets the rest.

/** A browser: its visits are page views. */
export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
/** A robot: hosting serves it the same files but counts no page view. */
export const ROBOT = 'bench-scale-bot/1.0';

/** A wrk script asking for `/` of sites 0..count-1 in Zipf order, one Host header each request. */
export function writeZipfScript(
  dir: string,
  prefix: string,
  count: number,
  sitesDomain: string,
  userAgent: string,
) {
  const file = path.join(dir, `zipf-${prefix}-${count}-${userAgent.length}.lua`);
  writeFileSync(
    file,
    `-- rank r (1-based) is asked for in proportion to 1/r
local n = ${count}
local cdf = {}
local total = 0
for r = 1, n do total = total + 1 / r; cdf[r] = total end
math.randomseed(${count})
request = function()
  local x = math.random() * total
  local lo, hi = 1, n
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cdf[mid] < x then lo = mid + 1 else hi = mid end
  end
  return wrk.format("GET", "/", { ["Host"] = "${prefix}-" .. (lo - 1) .. ".${sitesDomain}", ["User-Agent"] = "${userAgent}" })
end
`,
  );
  return file;
}

export interface WrkFigures {
  requests: number;
  rps: number;
  p99Ms: number;
  non2xx: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Runs wrk asynchronously: the server under test shares this process's event loop. */
export async function wrk(url: string, script: string, seconds: number): Promise<WrkFigures> {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      'wrk',
      ['-t1', '-c50', `-d${seconds}s`, '--latency', '-s', script, url],
      { encoding: 'utf8' },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  const [, value, unit] = /99%\s+([\d.]+)(\w+)/.exec(out) ?? [];
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p99Ms: Number(value) * (UNIT_MS[unit ?? ''] ?? NaN),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  };
}

/**
 * Asks once for `/` of each host (as a robot: no page views to write), `concurrency` at a time, over kept-alive connections;
 * returns each request's milliseconds. Throws on anything but 200.
 */
export async function visitOnce(
  port: number,
  hosts: string[],
  concurrency = 50,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  let next = 0;
  const one = (host: string) =>
    new Promise<void>((resolve, reject) => {
      const start = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port, path: '/', agent, headers: { host, 'user-agent': ROBOT } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`${host} answered ${res.statusCode}`));
            else {
              times.push(performance.now() - start);
              resolve();
            }
          });
        },
      );
      req.on('error', reject);
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < hosts.length) await one(hosts[next++]!);
    }),
  );
  agent.destroy();
  return times;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}
