import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as acme from 'acme-client';
import { freePort } from './child-server';
import { makeSelfSignedCertificate, OPENSSL } from './self-signed';
import { startDnsServer, type TestDnsServer } from './dns-server';
import { waitUntil } from './wait';

export const PEBBLE = '/usr/bin/pebble';

/** Why pebble tests cannot run here, or null when they can. */
export function pebbleMissing(): string | null {
  if (!existsSync(PEBBLE)) return `${PEBBLE} is missing (Debian package pebble)`;
  if (!existsSync(OPENSSL)) return `${OPENSSL} is missing`;
  return null;
}

export interface Pebble {
  directoryUrl: string;
  /** The CA of pebble's own HTTPS (its API), for the ACME client to trust. */
  apiCa: string;
  /** The same, as a file (for clients that read one, such as Caddy's acme_ca_root). */
  apiCaFile: string;
  /** The root that pebble's issued certificates chain to. */
  issuingRoot(): Promise<string>;
  output(): string;
  close(): Promise<void>;
}

function get(url: string, ca: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      })
      .on('error', reject);
  });
}

/**
 * A pebble ACME server that validates HTTP-01 on `httpPort` of 127.0.0.1 and resolves names
 * through `dnsServer`; its TLS certificate is made here with openssl (Debian ships none).
 */
export async function startPebble(opts: {
  httpPort: number;
  dnsServer: string;
  /** Where TLS-ALPN-01 is validated (a front that answers it); any free port otherwise. */
  tlsPort?: number;
}): Promise<Pebble> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pebble-'));
  const { cert, key } = makeSelfSignedCertificate(dir, 'pebble test', [
    'IP:127.0.0.1',
    'localhost',
  ]);
  const port = await freePort();
  const management = await freePort();
  const config = path.join(dir, 'pebble.json');
  writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${port}`,
        managementListenAddress: `127.0.0.1:${management}`,
        certificate: cert,
        privateKey: key,
        httpPort: opts.httpPort,
        // Unused unless asked for (the product answers HTTP-01 only), but pebble wants one.
        tlsPort: opts.tlsPort ?? (await freePort()),
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  let out = '';
  const child: ChildProcess = spawn(PEBBLE, ['-config', config, '-dnsserver', opts.dnsServer], {
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const apiCa = readFileSync(cert, 'utf8');
  const apiCaFile = cert;
  const directoryUrl = `https://127.0.0.1:${port}/dir`;
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`pebble exited: ${out}`);
      return get(directoryUrl, apiCa).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    { what: () => `pebble to answer at ${directoryUrl} (${out})` },
  );
  return {
    directoryUrl,
    apiCa,
    apiCaFile,
    async issuingRoot() {
      const res = await get(`https://127.0.0.1:${management}/roots/0`, apiCa);
      if (res.status !== 200) throw new Error(`pebble /roots/0: ${res.status}`);
      return res.text;
    },
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

export interface AcmeTestbed {
  dns: TestDnsServer;
  pebble: Pebble;
  /** The HTTPS port the server under test is to listen on. */
  httpsPort: number;
  /** What the server under test needs to verify by this DNS and order from this pebble. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A DNS server and pebble validating HTTP-01 on the port the server under test will take, with
 * acme-client trusting pebble's API (its own requests only; the server's TLS stays untouched).
 */
export async function startAcmeTestbed(): Promise<AcmeTestbed> {
  const dns = await startDnsServer();
  const port = await freePort();
  const httpsPort = await freePort();
  const pebble = await startPebble({ httpPort: port, dnsServer: dns.address });
  const agentBefore = acme.axios.defaults.httpsAgent as unknown;
  acme.axios.defaults.httpsAgent = new https.Agent({ ca: pebble.apiCa });
  return {
    dns,
    pebble,
    httpsPort,
    env: {
      PORT: String(port),
      HTTPS_PORT: String(httpsPort),
      DNS_SERVERS: dns.address,
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_EMAIL: 'ops@example.com',
    },
    async close() {
      acme.axios.defaults.httpsAgent = agentBefore;
      await pebble.close();
      await dns.close();
    },
  };
}
