// npm run bench:serve — our site hosting against nginx serving the same files, with blobs
// in the local folder and in an S3 bucket (s3rver, hot cache), then the deploy latency
// (request → SUCCESS seen on the socket), and both servers over HTTPS with one certificate.
// Needs Debian's wrk, nginx and openssl.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import type { DeploymentUpdateEvent } from '../src/shared/events';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer, type RunningServer } from '../src/server/server';
import { freePort } from '../test/child-server';
import { makeSelfSignedCertificate } from '../test/self-signed';
import { fetchSite, waitForDeployment } from '../test/deploy';
import { startS3Server } from '../test/s3-server';
import { apiClient } from '../test/server';

const DURATION = process.env.BENCH_SECONDS ?? '10';
const CONNECTIONS = '50';
// One wrk thread leaves the other core of a two-core machine to the server under test, so
// neither server fights the load generator for a core (BENCH_THREADS for bigger machines).
const THREADS = process.env.BENCH_THREADS ?? '1';
const DEPLOYS = 20;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

const ARTIFACT = (n: number) => `import { useState } from 'react';

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

function need(tool: string): string {
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
async function wrk(
  url: string,
  host: string,
  newConnectionEach = false,
): Promise<{ rps: number; p99: string }> {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      need('wrk'),
      [
        `-t${THREADS}`,
        `-c${CONNECTIONS}`,
        `-d${DURATION}s`,
        '--latency',
        '-H',
        `Host: ${host}`,
        '-H',
        `User-Agent: ${BROWSER}`,
        ...(newConnectionEach ? ['-H', 'Connection: close'] : []),
        url,
      ],
      { encoding: 'utf8' },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw error responses from ${url}:\n${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  return { rps, p99 };
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Mean requests/s of several runs, and the worst of their p99s. */
function combined(runs: Array<{ rps: number; p99: string }>): { rps: number; p99: string } {
  const ms = (p99: string) => {
    const [, value, unit] = /^([\d.]+)(\w+)$/.exec(p99) ?? [];
    return Number(value) * (UNIT_MS[unit ?? ''] ?? NaN);
  };
  const worst = runs.reduce((a, b) => (ms(b.p99) > ms(a.p99) ? b : a));
  return { rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length, p99: worst.p99 };
}

interface BenchServer {
  server: RunningServer;
  dataDir: string;
  token: string;
}

/** A production-mode server in this process over a fresh folder, with one signed-up user. */
async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ah-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    // Production refuses to start without one; a bench's stored keys are thrown away.
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: 'bench@example.com',
    SEED_DEMOS: 'false',
    // The deploy-latency run deploys back to back, faster than the product lets one account.
    DEPLOY_RATE_LIMIT: '10000',
    DEPLOY_BURST_LIMIT: '10000',
    ...env,
  });
  const server = await startServer(config, { log: createLogger('warn') });
  const res = await apiClient(server.url)('POST', '/api/auth/register', {
    body: { email: 'bench@example.com', password: 'bench password' },
  });
  // Production without SMTP_URL sends no e-mail: the bench's own account is confirmed directly,
  // as its owner would by opening the link, so its ADMIN_EMAILS address counts.
  await server.ctx.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('email', '=', 'bench@example.com')
    .execute();
  return { server, dataDir, token: res.body.token as string };
}

async function main(): Promise<void> {
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), 'ah-bench-tls-'));
  chmodSync(tlsDir, 0o755);
  need('openssl');
  const tlsPair = makeSelfSignedCertificate(tlsDir, 'localhost', [
    'localhost',
    '*.localhost',
    'IP:127.0.0.1',
  ]);
  chmodSync(tlsPair.key, 0o644);
  const { server, dataDir, token } = await startBenchServer({
    HTTPS_PORT: String(await freePort()),
    TLS_CERT_FILE: tlsPair.cert,
    TLS_KEY_FILE: tlsPair.key,
  });
  const api = async (method: string, p: string, token?: string, body?: unknown) => {
    const res = await fetch(server.url + p, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loosely read JSON answers
    return (await res.json()) as any;
  };
  const socket = io(server.url, { transports: ['websocket'], auth: { token } });
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const finished = new Map<string, () => void>();
  socket.on('deployment-update', (e: DeploymentUpdateEvent) => {
    if (e.status === 'SUCCESS' || e.status === 'FAILED') {
      if (e.status === 'FAILED') console.error('deploy failed:', e.errorMessage);
      finished.get(e.deploymentId)?.();
    }
  });
  const deploy = async (n: number) => {
    const started = performance.now();
    const res = await api('POST', '/api/deployments/deploy/code', token, {
      subdomain: 'bench',
      code: ARTIFACT(n),
      aiProvider: 'GEMINI',
    });
    const id = res.deployment?.id as string;
    if (!id) throw new Error(JSON.stringify(res));
    // Events before the join reach the site room only; the first deploy creates it.
    await new Promise<void>((resolve) => {
      finished.set(id, resolve);
      if (n === 0) void socket.emitWithAck('join-deployment', id);
    });
    return { ms: performance.now() - started, siteId: res.site.id as string };
  };
  const first = await deploy(0);
  await socket.emitWithAck('join-site', first.siteId);

  const times: number[] = [];
  for (let i = 1; i <= DEPLOYS; i++) times.push((await deploy(i)).ms);
  times.sort((a, b) => a - b);
  const median = (times[9]! + times[10]!) / 2;

  // The same files for nginx, exported from the live deployment.
  const root = path.join(dataDir, 'nginx-root');
  // nginx's workers drop to an unprivileged user when started as root: let them read.
  chmodSync(dataDir, 0o755);
  const site = await server.ctx.db
    .selectFrom('sites')
    .selectAll()
    .where('id', '=', first.siteId)
    .executeTakeFirstOrThrow();
  const files = await server.ctx.db
    .selectFrom('deployment_files')
    .selectAll()
    .where('deployment_id', '=', site.current_deployment_id!)
    .execute();
  for (const f of files) {
    const file = path.join(root, f.path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, (await server.ctx.blobs.get(f.sha256))!);
  }

  // The same site on a second server whose blobs live in an S3 bucket: the last version's
  // source again, so the builder gives the very same files.
  const s3 = await startS3Server();
  const bucketed = await startBenchServer(s3.env);
  const bucketedApi = apiClient(bucketed.server.url);
  const again = await bucketedApi('POST', '/api/deployments/deploy/code', {
    token: bucketed.token,
    body: { subdomain: 'bench', code: ARTIFACT(DEPLOYS), aiProvider: 'GEMINI' },
  });
  const built = await waitForDeployment(
    { api: bucketedApi },
    bucketed.token,
    again.body.deployment.id as string,
  );
  if (built.status !== 'SUCCESS') throw new Error(`S3 deploy failed: ${built.errorMessage}`);

  const nginxPort = await freePort();
  const nginxTlsPort = await freePort();
  const prefix = path.join(dataDir, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
daemon off;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  etag on;
  server {
    listen 127.0.0.1:${nginxPort};
    listen 127.0.0.1:${nginxTlsPort} ssl;
    ssl_certificate ${tlsPair.cert};
    ssl_certificate_key ${tlsPair.key};
    root ${root};
    location / { try_files $uri $uri.html /index.html; add_header Cache-Control no-cache; }
  }
}
`,
  );
  const nginx = spawn(need('nginx'), ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 500));

  const host = `bench.localhost:${server.port}`;
  const bucketedHost = `bench.localhost:${bucketed.server.port}`;
  const page = await fetchSite(server.port, 'bench');
  // One visit first, so the S3 run measures the hot cache rather than the first read.
  const pageFromS3 = await fetchSite(bucketed.server.port, 'bench');
  if (page.status !== 200 || pageFromS3.text !== page.text) {
    throw new Error('the S3-backed server does not serve the same index.html');
  }
  // Local and S3 in A-B-B-A order: a machine growing busier or calmer during the run (other
  // work on a shared box) weighs on both alike instead of on whichever ran second.
  const localRuns = [await wrk(`${server.url}/`, host)];
  const s3Runs = [
    await wrk(`${bucketed.server.url}/`, bucketedHost),
    await wrk(`${bucketed.server.url}/`, bucketedHost),
  ];
  localRuns.push(await wrk(`${server.url}/`, host));
  const ours = combined(localRuns);
  const fromS3 = combined(s3Runs);
  const theirs = await wrk(`http://127.0.0.1:${nginxPort}/`, `127.0.0.1:${nginxPort}`);

  // Over TLS with the same certificate: kept-alive connections (what browsers do), then a new
  // connection and full handshake for every request (the worst case: the handshake dominates).
  const tlsHost = `bench.localhost:${server.httpsPort}`;
  const oursTls = await wrk(`https://127.0.0.1:${server.httpsPort}/`, tlsHost);
  const theirsTls = await wrk(`https://127.0.0.1:${nginxTlsPort}/`, `127.0.0.1:${nginxTlsPort}`);
  const oursTlsNew = await wrk(`https://127.0.0.1:${server.httpsPort}/`, tlsHost, true);
  const theirsTlsNew = await wrk(
    `https://127.0.0.1:${nginxTlsPort}/`,
    `127.0.0.1:${nginxTlsPort}`,
    true,
  );
  nginx.kill('SIGTERM');
  socket.disconnect();
  await server.close();
  await bucketed.server.close();
  await s3.close();
  for (const dir of [dataDir, bucketed.dataDir, tlsDir]) {
    rmSync(dir, { recursive: true, force: true });
  }

  const ratio = ours.rps / theirs.rps;
  const row = (name: string, r: { rps: number; p99: string }) =>
    console.log(`  ${name.padEnd(28)}${r.rps.toFixed(0).padStart(8)} req/s   p99 ${r.p99}`);
  console.log(
    `\nServing index.html (${Buffer.byteLength(page.text)} bytes; wrk ${THREADS} thread(s), ${CONNECTIONS} connections, ${DURATION}s per run, one run after another; one server process / nginx worker each; view counting on)`,
  );
  row('artifact host, local folder', ours);
  row('artifact host, S3 hot cache', fromS3);
  row('nginx', theirs);
  console.log('  (artifact host rows: mean of 2 runs in A-B-B-A order, worse p99 of the 2)');
  console.log(`  ratio local / nginx         ${ratio.toFixed(2)} (target ≥ 0.60)`);
  console.log(`  ratio S3 / local            ${(fromS3.rps / ours.rps).toFixed(2)}`);
  console.log(`\nThe same over HTTPS (one P-256 certificate for both, TLS 1.3)`);
  row('artifact host, kept alive', oursTls);
  row('nginx, kept alive', theirsTls);
  console.log(`  ratio                       ${(oursTls.rps / theirsTls.rps).toFixed(2)}`);
  row('artifact host, new TLS/req', oursTlsNew);
  row('nginx, new TLS/req', theirsTlsNew);
  console.log(`  ratio                       ${(oursTlsNew.rps / theirsTlsNew.rps).toFixed(2)}`);
  console.log(
    `\nDeploy latency, request → SUCCESS on the socket, ${DEPLOYS} deploys of a React component`,
  );
  console.log(
    `  median ${median.toFixed(0)} ms (target ≤ 300 ms), min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
