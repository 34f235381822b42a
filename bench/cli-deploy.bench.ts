// npm run bench:cli — how long `artifact-host deploy` takes from the moment it is started to
// the moment it prints the live URL, for a typical artifact (a small React component), beside
// the raw API call it wraps (POST /api/deployments/deploy/code → SUCCESS), measured in the same
// run against the same in-process server. The difference is the CLI's own cost: starting Node,
// compiling itself with tsx, opening the socket.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiClient } from '../test/server';
import { counterArtifact, startBenchServer } from './bench-server';
import { median } from './side-by-side';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const BIN = path.resolve(import.meta.dirname, '../bin/artifact-host.mjs');

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
  const { server, dataDir, token: session } = await startBenchServer();
  try {
    const api = apiClient(server.url);
    const made = await api('POST', '/api/tokens', {
      token: session,
      body: { name: 'bench', scope: 'deploy' },
    });
    if (made.status !== 201) {
      throw new Error(`the access token: ${made.status} ${JSON.stringify(made.body)}`);
    }
    const token = made.body.secret as string;

    // One of each first: warms the builder's caches and tsx's compile cache alike.
    await timeCli(server.url, token, counterArtifact(-1), 'bench-cli');
    const raw: number[] = [];
    const cli: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      const res = await api('POST', '/api/deployments/deploy/code', {
        token,
        body: { subdomain: 'bench-api', code: counterArtifact(1000 + i) },
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
      cli.push(await timeCli(server.url, token, counterArtifact(i), 'bench-cli'));
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
