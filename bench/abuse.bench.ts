// npm run bench:abuse — one ordinary creator against a crowd of hostile free users, on the
// real server in its own process (SQLite, local files, as `npm start` runs it).
//
// Measured twice, unloaded and then under attack: the creator's deploy (POST → SUCCESS) and a
// file of the creator's site (request → last byte). The attack: 8 guests, each from its own
// address, keep the builders busy with slow builds (a zip of hundreds of brotli-heavy files,
// and pastes that used to take minutes), redeploying their sites over and over, while a sign-up flood from 32 addresses hashes
// passwords as fast as it is allowed to. Prints both figures and their ratios (loaded /
// unloaded); the service holds up when both stay at or under 2. BENCH_GUESTS and
// BENCH_SIGNUP_ADDRESSES (0 leaves that attack out) tell one attack's share from the other's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, stopServer } from '../test/child-server';
import { fetchSite, slowSiteZip, uniqueSubdomain } from '../test/deploy';
import type { ApiResponse } from '../test/server';
import { median } from './side-by-side';

const DEPLOYS = Number(process.env.BENCH_DEPLOYS ?? 7);
const FETCHES = Number(process.env.BENCH_FETCHES ?? 200);
/** How long the attack runs before the creator's deploys under attack begin. */
const ATTACK_RUNS_MS = 5000;
const HOSTILE_GUESTS = Number(process.env.BENCH_GUESTS ?? 8);
const SIGNUP_ADDRESSES = Number(process.env.BENCH_SIGNUP_ADDRESSES ?? 32);

/** An API call from a given client address (the server trusts X-Forwarded-For here). */
async function call(
  base: string,
  address: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, {
    method,
    headers,
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body } as ApiResponse;
}

const CREATOR = '10.0.0.1';

/** One deploy of a small React component by the creator: milliseconds until SUCCESS. */
async function timedDeploy(base: string, token: string, subdomain: string, n: number) {
  const code = `import { useState } from 'react';
export default function Counter() {
  const [count, setCount] = useState(${n});
  return <button className="rounded bg-indigo-600 px-4 py-2 text-white" onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}`;
  const started = performance.now();
  const res = await call(base, CREATOR, 'POST', '/api/deployments/deploy/code', {
    token,
    body: { subdomain, code },
  });
  if (res.status !== 200 && res.status !== 201 && res.status !== 202)
    throw new Error(`creator's deploy refused: ${res.status} ${JSON.stringify(res.body)}`);
  const id = (res.body as { deployment: { id: string } }).deployment.id;
  for (;;) {
    const d = await call(base, CREATOR, 'GET', `/api/deployments/${id}`, { token });
    const status = (d.body as { deployment: { status: string } }).deployment.status;
    if (status === 'SUCCESS') return performance.now() - started;
    if (status === 'FAILED') throw new Error(`creator's deploy failed: ${JSON.stringify(d.body)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function measure(base: string, port: number, token: string, subdomain: string, tag: string) {
  const deploys: number[] = [];
  for (let i = 0; i < DEPLOYS; i++) deploys.push(await timedDeploy(base, token, subdomain, i));
  const fetches: number[] = [];
  for (let i = 0; i < FETCHES; i++) {
    const t = performance.now();
    const page = await fetchSite(port, subdomain, '/');
    if (page.status !== 200) throw new Error(`site answered ${page.status} (${tag})`);
    fetches.push(performance.now() - t);
  }
  return { deploy: median(deploys), serve: median(fetches) };
}

/** A guest that keeps the queue full of slow builds until told to stop. */
async function hostileGuest(base: string, n: number, stop: AbortSignal, counts: Counts) {
  const address = `10.66.0.${n + 1}`;
  const guest = await call(base, address, 'POST', '/api/auth/guest');
  const token = (guest.body as { token?: string }).token;
  if (!token) {
    counts.refused++;
    return;
  }
  const zip = slowSiteZip(`hostile ${n}`);
  // 400 KB of nesting: minutes for the builder before this work, seconds now
  const paste = `export default function App() { return ${'('.repeat(200_000)}1${')'.repeat(200_000)}; }`;
  // as many sites as the plan allows, redeployed over and over: each new version replaces
  // the queued one, so the attacker keeps builders busy rather than the queue long
  const subdomains = [0, 1, 2].map((s) => uniqueSubdomain(`hostile-${n}-${s}`));
  for (let i = 0; !stop.aborted; i++) {
    const subdomain = subdomains[i % subdomains.length]!;
    let res: ApiResponse;
    if (i % 2 === 0) {
      const form = new FormData();
      form.append('subdomain', subdomain);
      form.append('file', new Blob([zip as BlobPart]), 'site.zip');
      res = await call(base, address, 'POST', '/api/deployments/deploy/file', { token, form });
    } else {
      res = await call(base, address, 'POST', '/api/deployments/deploy/code', {
        token,
        body: { subdomain, code: paste },
      });
    }
    if (res.status < 300) counts.queued++;
    else {
      counts.refused++;
      // refused (a cap, a rate limit): try again soon, as an attacker would
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function signUpFlood(base: string, n: number, stop: AbortSignal, counts: Counts) {
  const address = `10.77.0.${n + 1}`;
  for (let i = 0; !stop.aborted; i++) {
    const res = await call(base, address, 'POST', '/api/auth/register', {
      body: { email: `flood-${n}-${i}-${Date.now()}@example.com`, password: 'hunter2hunter2' },
    });
    if (res.status < 300) counts.signUps++;
    else counts.signUpsRefused++;
  }
}

interface Counts {
  queued: number;
  refused: number;
  signUps: number;
  signUpsRefused: number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-abuse-'));
  const port = await freePort();
  const server = await spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    NODE_ENV: 'production',
    // Production refuses to start without one; a bench's stored keys are thrown away.
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123',
    LOG_LEVEL: 'warn',
  });
  const base = server.url;
  try {
    const creator = await call(base, CREATOR, 'POST', '/api/auth/register', {
      body: { email: `creator-${Date.now()}@example.com`, password: 'a-long-password-1' },
    });
    const token = (creator.body as { token: string }).token;
    if (!token) throw new Error(`sign-up failed: ${JSON.stringify(creator.body)}`);
    const subdomain = uniqueSubdomain('creator');
    await timedDeploy(base, token, subdomain, 0); // warms the builder
    const quiet = await measure(base, port, token, subdomain, 'unloaded');

    const stop = new AbortController();
    const counts: Counts = { queued: 0, refused: 0, signUps: 0, signUpsRefused: 0 };
    const attack = [
      ...Array.from({ length: HOSTILE_GUESTS }, (_, n) =>
        hostileGuest(base, n, stop.signal, counts),
      ),
      ...Array.from({ length: SIGNUP_ADDRESSES }, (_, n) =>
        signUpFlood(base, n, stop.signal, counts),
      ),
    ].map((p) => p.catch((err: unknown) => console.error('attacker stopped:', err)));
    // let the attack fill the queue, then run on: the creator deploys into an attack that
    // has been going for a while (its first burst spent, slow builds queued and running),
    // not only into its first second
    const filled = Date.now();
    while (counts.queued < HOSTILE_GUESTS && Date.now() - filled < 10_000)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, ATTACK_RUNS_MS));
    const atStart = { ...counts };
    const loaded = await measure(base, port, token, subdomain, 'under attack');
    stop.abort();
    await Promise.all(attack);

    const row = (name: string, a: number, b: number) =>
      `${name.padEnd(28)}${a.toFixed(1).padStart(10)}${b.toFixed(1).padStart(14)}${(b / a).toFixed(2).padStart(8)}`;
    console.log(
      `\nbench:abuse: median of ${DEPLOYS} deploys (POST → SUCCESS) and ${FETCHES} site requests, unloaded then under attack (${HOSTILE_GUESTS} hostile guests, sign-ups from ${SIGNUP_ADDRESSES} addresses)\n`,
    );
    console.log(
      `${''.padEnd(28)}${'unloaded ms'.padStart(10)}${'attacked ms'.padStart(14)}${'ratio'.padStart(8)}`,
    );
    console.log(row("creator's deploy", quiet.deploy, loaded.deploy));
    console.log(row("creator's site file", quiet.serve, loaded.serve));
    console.log(
      `\nattack: ${counts.queued} slow builds queued (${atStart.queued} before the creator's first deploy under attack), ${counts.refused} refused; ${counts.signUps} sign-ups, ${counts.signUpsRefused} refused`,
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
