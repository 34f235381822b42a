// npm run bench:serve — the deploy latency (request → SUCCESS seen on the socket); then our
// site hosting against a bare Node server answering the same bytes from memory (the runtime's
// limit) and nginx serving the same files; then over HTTPS with one certificate: kept alive,
// through Caddy (deploy/Caddyfile), full and resumed handshakes, a custom domain's SNI context;
// last, a second server whose blobs live in an S3 bucket (s3rver, hot cache) beside the first.
// Needs Debian's wrk, nginx and openssl; caddy where installed.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import type { DeploymentUpdateEvent } from '../src/shared/events';
import { freePort } from '../test/child-server';
import { makeSelfSignedCertificate } from '../test/self-signed';
import { fetchSite, waitForDeployment } from '../test/deploy';
import { startS3Server } from '../test/s3-server';
import { apiClient } from '../test/server';
import { caddyMissing, startCaddy } from '../test/caddy';
import { counterArtifact, startBenchServer, untilRecompressed } from './bench-server';
import { serveCustomDomain } from './custom-domain';
import { startBareNode, startNginx } from './serve-references';
import { handshakeRate, type HandshakeRun } from './tls-handshakes';
import { mean, median, ROUNDS, sideBySide, type SideBySide } from './side-by-side';
import { pinSides, unpinSides } from './cores';
import { combined, CONNECTIONS, DURATION, need, p99Ms, THREADS, withCpu, wrk } from './wrk';

const DEPLOYS = 20;

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
      code: counterArtifact(n),
      aiProvider: 'GEMINI',
    });
    const id = res.deployment?.id as string;
    if (!id) throw new Error(JSON.stringify(res));
    // Events before the join reach the site room only; the first deploy creates it.
    await new Promise<void>((resolve) => {
      finished.set(id, resolve);
      if (n === 0) void socket.emitWithAck('join-deployment', id);
    });
    return { ms: performance.now() - started, siteId: res.site.id as string, deploymentId: id };
  };
  const first = await deploy(0);
  await socket.emitWithAck('join-site', first.siteId);

  const times: number[] = [];
  let last = first;
  for (let i = 1; i <= DEPLOYS; i++) {
    last = await deploy(i);
    times.push(last.ms);
  }
  await untilRecompressed(server, first.siteId, last.deploymentId);
  const deployMedian = median(times);
  times.sort((a, b) => a - b);

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

  // From here the server side keeps the first core and wrk the others (bench/cores.ts);
  // nginx, started now, inherits it. The deploys above ran unpinned, as in production.
  const pinned = pinSides();
  const nginx = await startNginx(
    need('nginx'),
    path.join(dataDir, 'nginx'),
    root,
    tlsPair,
    server.port,
  );

  const host = `bench.localhost:${server.port}`;
  const page = await fetchSite(server.port, 'bench');
  if (page.status !== 200) throw new Error(`the site answers ${page.status}`);
  // The bare Node server sends our very bytes and headers (what wrk, asking no compression, gets).
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name) && value) {
      headers[name] = String(value);
    }
  }
  const tlsFiles = { cert: readFileSync(tlsPair.cert), key: readFileSync(tlsPair.key) };
  const bare = await startBareNode(Buffer.from(page.text), headers, tlsFiles);
  // The same server again: what the method gives for two equal servers on this machine.
  const twin = await startBareNode(Buffer.from(page.text), headers, tlsFiles);
  const customDomain = await serveCustomDomain(server, first.siteId, tlsDir, page.text);

  const plain = await sideBySide(
    () => withCpu(() => wrk(`${server.url}/`, host)),
    () => withCpu(() => wrk(`http://127.0.0.1:${bare.port}/`, host)),
  );
  const ours = combined(plain.a);
  const bareHttp = combined(plain.b);
  const twins = await sideBySide(
    () => wrk(`http://127.0.0.1:${twin.port}/`, host),
    () => wrk(`http://127.0.0.1:${bare.port}/`, host),
  );
  await twin.close();
  const theirs = await wrk(`http://127.0.0.1:${nginx.port}/`, `127.0.0.1:${nginx.port}`);

  // Over TLS with the same certificate, connections kept alive (what browsers do).
  const tlsHost = `bench.localhost:${server.httpsPort}`;
  const secure = await sideBySide(
    () => withCpu(() => wrk(`https://127.0.0.1:${server.httpsPort}/`, tlsHost)),
    () => withCpu(() => wrk(`https://127.0.0.1:${bare.tlsPort}/`, tlsHost)),
  );
  const oursTls = combined(secure.a);
  const bareTls = combined(secure.b);
  const theirsTls = await wrk(`https://127.0.0.1:${nginx.tlsPort}/`, `127.0.0.1:${nginx.tlsPort}`);
  // Caddy starts only now: its start (a local CA, certificates) ran beside the rounds above.
  const caddy = caddyMissing()
    ? null
    : await startCaddy({
        cores: 1,
        env: {
          FRONT_APP_HOST: 'app.localhost',
          SITES_DOMAIN: 'localhost',
          FRONT_SITES_CERT: tlsPair.cert,
          FRONT_SITES_KEY: tlsPair.key,
          FRONT_UPSTREAMS: `127.0.0.1:${server.port}`,
          FRONT_ASK_URL: `${server.url}/api/internal/tls-allowed`,
          ACME_EMAIL: 'bench@example.com',
        },
        // wrk names no server (SNI) when it connects to an address: Caddy answers as the site.
        globals: ['local_certs', 'default_sni bench.localhost'],
      });
  // A front is a proxy: its peer is nginx proxying to the same node, not nginx's own files.
  const fronts = caddy
    ? await sideBySide(
        () => wrk(`https://127.0.0.1:${caddy.httpsPort}/`, 'bench.localhost'),
        () => wrk(`https://127.0.0.1:${nginx.frontPort}/`, 'bench.localhost'),
        1,
      )
    : null;
  const caddyTls = fronts && combined(fronts.a);
  const nginxFront = fronts && combined(fronts.b);

  // A new connection per request: full handshakes, then ones resumed from a session ticket.
  unpinSides();
  const seconds = Number(DURATION);
  const handshakes = (port: number, resume: boolean, servername = 'bench.localhost') =>
    handshakeRate({ port, servername, resume, seconds });
  const full = await sideBySide(
    () => handshakes(server.httpsPort!, false),
    () => handshakes(bare.tlsPort, false),
  );
  const oursCustomNew = await handshakes(server.httpsPort!, false, customDomain);
  const theirsNew = await handshakes(nginx.tlsPort, false);
  const resumed = await sideBySide(
    () => handshakes(server.httpsPort!, true),
    () => handshakes(bare.tlsPort, true),
  );
  const theirsResumed = await handshakes(nginx.tlsPort, true);

  await caddy?.close();
  await nginx.close();
  await bare.close();
  socket.disconnect();

  // The same site on a second server whose blobs live in an S3 bucket, started only now: with
  // it and s3rver in this process, the rounds above measured the artifact host at about 0.85
  // of bare Node instead of about 0.9 (same code, alternated runs). The last version's source
  // again, so the builder gives the very same files; the local server is measured beside it.
  const s3 = await startS3Server();
  const bucketed = await startBenchServer(s3.env);
  const bucketedApi = apiClient(bucketed.server.url);
  const again = await bucketedApi('POST', '/api/deployments/deploy/code', {
    token: bucketed.token,
    body: { subdomain: 'bench', code: counterArtifact(DEPLOYS), aiProvider: 'GEMINI' },
  });
  const built = await waitForDeployment(
    { api: bucketedApi },
    bucketed.token,
    again.body.deployment.id as string,
  );
  if (built.status !== 'SUCCESS') throw new Error(`S3 deploy failed: ${built.errorMessage}`);
  await untilRecompressed(bucketed.server, again.body.site.id as string, built.id);
  const bucketedHost = `bench.localhost:${bucketed.server.port}`;
  // One visit first, so the S3 runs measure the hot cache rather than the first read.
  if ((await fetchSite(bucketed.server.port, 'bench')).text !== page.text) {
    throw new Error('the S3-backed server does not serve the same index.html');
  }
  pinSides();
  const buckets = await sideBySide(
    () => wrk(`${bucketed.server.url}/`, bucketedHost),
    () => wrk(`${server.url}/`, host),
    1,
  );
  const fromS3 = combined(buckets.a);
  await server.close();
  await bucketed.server.close();
  await s3.close();
  for (const dir of [dataDir, bucketed.dataDir, tlsDir]) {
    rmSync(dir, { recursive: true, force: true });
  }

  const row = (name: string, r: { rps: number; p99: string }) =>
    console.log(`  ${name.padEnd(30)}${r.rps.toFixed(0).padStart(8)} req/s   p99 ${r.p99}`);
  const ratio = (name: string, value: number, target = '') =>
    console.log(
      `  ${name.padEnd(30)}${value.toFixed(2).padStart(8)}${target ? `   (target ${target})` : ''}`,
    );
  // Per round: requests/s of A's two runs against B's, and the worse p99 of each pair.
  type Run = { rps: number; p99: string };
  const rps = (runs: Run[]) => mean(runs.map((r) => r.rps));
  const worstP99 = (runs: Run[]) => Math.max(...runs.map((r) => p99Ms(r.p99)));
  const rounds = (ratios: number[]) =>
    ratios.length > 1 ? `   (rounds: ${ratios.map((r) => r.toFixed(2)).join(' ')})` : '';
  const signed = (n: number) => `${n < 0 ? '−' : '+'}${Math.abs(n).toFixed(1)}`;
  const cpuOf = (runs: Array<{ cpuUs: number }>) => mean(runs.map((r) => r.cpuUs));
  const cpu = (pair: SideBySide<{ cpuUs: number }>) =>
    console.log(
      `  ${'CPU per request, ours / bare'.padEnd(30)}${cpuOf(pair.a).toFixed(1).padStart(8)} µs / ${cpuOf(pair.b).toFixed(1)} µs   (ours − bare ${signed(cpuOf(pair.a) - cpuOf(pair.b))} µs: this process's user + system time)`,
    );
  const sideRatio = (name: string, ratios: number[], target = '') =>
    console.log(
      `  ${name.padEnd(30)}${median(ratios).toFixed(2).padStart(8)}${target ? `   (target ${target})` : ''}${rounds(ratios)}`,
    );
  console.log(
    `\nServing index.html (${Buffer.byteLength(page.text)} bytes; wrk ${THREADS} thread(s), ${CONNECTIONS} connections, ${DURATION}s per run, one run after another; one server process / nginx worker each; view counting on; ${pinned ? 'server side on core 0, wrk on the others' : 'not pinned to cores: taskset missing or one core'})`,
  );
  row('artifact host, local folder', ours);
  row('bare Node, from memory', bareHttp);
  row('artifact host, S3 hot cache', fromS3);
  row('nginx', theirs);
  console.log(
    `  (artifact host and bare Node: ${ROUNDS} rounds of A-B-B-A runs; rows: mean req/s, worst p99; ours / bare: median of the rounds' ratios)`,
  );
  sideRatio('ours / bare Node, req/s', plain.ratios(rps), '≥ 0.90');
  sideRatio('ours / bare Node, p99', plain.ratios(worstP99), '≤ 1.50');
  cpu(plain);
  sideRatio('bare Node / its twin, req/s', twins.ratios(rps));
  ratio('ours / nginx, req/s', ours.rps / theirs.rps);
  ratio('bare Node / nginx, req/s', bareHttp.rps / theirs.rps);
  ratio('S3 / local, req/s', fromS3.rps / combined(buckets.b).rps);

  console.log(`\nThe same over HTTPS, kept alive (one P-256 certificate for all, TLS 1.3)`);
  row('artifact host', oursTls);
  row('bare Node https', bareTls);
  row('nginx', theirsTls);
  if (caddyTls && nginxFront) {
    row('Caddy (1 core) → artifact host', caddyTls);
    row('nginx (1 worker) → artifact host', nginxFront);
  } else console.log(`  Caddy: skipped, ${caddyMissing()}`);
  sideRatio('ours / bare Node, req/s', secure.ratios(rps));
  sideRatio('ours / bare Node, p99', secure.ratios(worstP99));
  cpu(secure);
  ratio('ours / nginx, req/s', oursTls.rps / theirsTls.rps);
  if (caddyTls && nginxFront) {
    ratio('Caddy front / nginx front', caddyTls.rps / nginxFront.rps);
    ratio('Caddy front / nginx files', caddyTls.rps / theirsTls.rps);
  }

  const rate = (runs: HandshakeRun[]) => mean(runs.map((r) => r.rate));
  const hs = (name: string, rate: number, resumed?: number) =>
    console.log(
      `  ${name.padEnd(30)}${rate.toFixed(0).padStart(8)} conn/s${resumed === undefined ? '' : `   ${(resumed * 100).toFixed(0)}% resumed`}`,
    );
  console.log(
    `\nA new TLS connection per request (handshake + GET + close; Node client processes, 50 connections at once${pinned ? "; the clients and this process on any core, nginx's worker still on core 0" : ''})`,
  );
  hs('artifact host, full', rate(full.a), full.a[0]!.resumed);
  hs('artifact host, custom domain', oursCustomNew.rate, oursCustomNew.resumed);
  hs('bare Node https, full', rate(full.b), full.b[0]!.resumed);
  hs('nginx, full', theirsNew.rate, theirsNew.resumed);
  sideRatio('ours / bare Node, full', full.ratios(rate), '≥ 0.80');
  ratio('ours custom domain / bare', oursCustomNew.rate / rate(full.b), '≥ 0.80');
  hs('artifact host, resumed', rate(resumed.a), resumed.a[0]!.resumed);
  hs('bare Node https, resumed', rate(resumed.b), resumed.b[0]!.resumed);
  hs('nginx, resumed', theirsResumed.rate, theirsResumed.resumed);
  sideRatio('ours / bare Node, resumed', resumed.ratios(rate));
  ratio('ours resumed / ours full', rate(resumed.a) / rate(full.a));
  console.log(
    `\nDeploy latency, request → SUCCESS on the socket, ${DEPLOYS} deploys of a React component`,
  );
  console.log(
    `  median ${deployMedian.toFixed(0)} ms (target ≤ 60 ms), min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
