// npm run bench:serve — our site hosting against nginx serving the same files, then the
// deploy latency (request → SUCCESS seen on the socket). Needs Debian's wrk and nginx.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import type { DeploymentUpdateEvent } from '../src/shared/events';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';
import { freePort } from '../test/child-server';

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
async function wrk(url: string, host: string): Promise<{ rps: number; p99: string }> {
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

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ah-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: 'bench@example.com',
    SEED_DEMOS: 'false',
  });
  const server = await startServer(config, { log: createLogger('warn') });
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
  const { token } = await api('POST', '/api/auth/register', undefined, {
    email: 'bench@example.com',
    password: 'bench password',
  });
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
    writeFileSync(file, (await server.ctx.blobs!.get(f.sha256))!);
  }
  const nginxPort = await freePort();
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
  const ours = await wrk(`${server.url}/`, host);
  const theirs = await wrk(`http://127.0.0.1:${nginxPort}/`, `127.0.0.1:${nginxPort}`);
  nginx.kill('SIGTERM');
  socket.disconnect();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  const ratio = ours.rps / theirs.rps;
  console.log(
    `\nServing index.html (wrk ${THREADS} thread(s), ${CONNECTIONS} connections, ${DURATION}s; one server process / nginx worker each; view counting on)`,
  );
  console.log(`  artifact host  ${ours.rps.toFixed(0).padStart(8)} req/s   p99 ${ours.p99}`);
  console.log(`  nginx          ${theirs.rps.toFixed(0).padStart(8)} req/s   p99 ${theirs.p99}`);
  console.log(`  ratio          ${ratio.toFixed(2)} (target ≥ 0.60)`);
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
