// npm run bench:cli — how long `artifact-host deploy` takes from the moment it is started to
// the moment it prints the live URL, for a typical artifact (a small React component), beside
// the raw API call it wraps (POST /api/deployments/deploy/code → SUCCESS), measured in the same
// run against the same in-process server. The difference is the CLI's own cost: starting Node,
// compiling itself with tsx, opening the socket.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';
import { apiClient } from '../test/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const BIN = path.resolve(import.meta.dirname, '../bin/artifact-host.mjs');

// Each run deploys a different count, so no build result is reused between runs.
const artifact = (n: number) => `import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(${n});
  return (
    <div className="min-h-screen flex items-center justify-center bg-slate-50">
      <button className="px-4 py-2 rounded bg-blue-600 text-white" onClick={() => setCount(count + 1)}>
        Clicked {count} times
      </button>
    </div>
  );
}
`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Milliseconds from spawning the CLI to the URL on its stdout. */
function timeCli(server: string, token: string, code: string, subdomain: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'deploy', '-', '--subdomain', subdomain], {
      env: { ...process.env, ARTIFACT_HOST_URL: server, ARTIFACT_HOST_TOKEN: token },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let took: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      out += String(chunk);
      if (took === null && /https?:\/\/\S+\n/.test(out)) took = performance.now() - started;
    });
    child.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
    child.on('close', (exitCode) =>
      exitCode === 0 && took !== null
        ? resolve(took)
        : reject(new Error(`CLI exited ${exitCode}: ${err}`)),
    );
    child.stdin.end(code);
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ah-bench-cli-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMOS: 'false',
    // the figures are of builds and serving, not of link previews' browser
    LINK_PREVIEWS: 'false',
    DEPLOY_RATE_LIMIT: '10000',
    DEPLOY_BURST_LIMIT: '10000',
  });
  const server = await startServer(config, { log: createLogger('warn') });
  try {
    const api = apiClient(server.url);
    const session = (
      await api('POST', '/api/auth/register', {
        body: { email: 'bench@example.com', password: 'bench password' },
      })
    ).body.token as string;
    const token = (
      await api('POST', '/api/tokens', {
        token: session,
        body: { name: 'bench', scope: 'deploy' },
      })
    ).body.secret as string;

    // One of each first: warms the builder's caches and tsx's compile cache alike.
    await timeCli(server.url, token, artifact(-1), 'bench-cli');
    const raw: number[] = [];
    const cli: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      const res = await api('POST', '/api/deployments/deploy/code', {
        token,
        body: { subdomain: 'bench-api', code: artifact(1000 + i) },
      });
      // Asked every 10 ms, so the baseline carries at most 10 ms of waiting of its own.
      const id = res.body.deployment.id as string;
      let status = 'PENDING';
      while (status === 'PENDING' || status === 'BUILDING') {
        await new Promise((r) => setTimeout(r, 10));
        status = (await api('GET', `/api/deployments/${id}`, { token })).body.deployment.status;
      }
      if (status !== 'SUCCESS') throw new Error(`API deploy ${status}`);
      raw.push(performance.now() - started);
      cli.push(await timeCli(server.url, token, artifact(i), 'bench-cli'));
    }
    const m = { cli: median(cli), raw: median(raw) };
    console.log(
      `artifact-host deploy (start → URL printed), median of ${RUNS}: ${m.cli.toFixed(0)} ms`,
    );
    console.log(
      `raw API (POST → SUCCESS),                  median of ${RUNS}: ${m.raw.toFixed(0)} ms`,
    );
    console.log(`ratio CLI / raw API: ${(m.cli / m.raw).toFixed(1)}×`);
    console.log(`cli runs: ${cli.map((t) => t.toFixed(0)).join(' ')}`);
    console.log(`raw runs: ${raw.map((t) => t.toFixed(0)).join(' ')}`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
