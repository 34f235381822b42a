import { request } from 'node:http';
import { HIGH_QUALITY_MAX_BYTES } from '../src/builder/compress';
import type { AppContext } from '../src/server/context';
import { filesOfDeployment } from '../src/server/db/queries/deployment-files';
import type { DeploymentFileRow } from '../src/server/db/schema';
import type { DeployResponse, Deployment, DeploymentStatus } from '../src/shared/deployment';
import type { ApiResponse, TestServer } from './server';
import { makeZip } from './builder-corpus';
import { waitUntil } from './wait';

/** A small HTML artifact; `marker` tells versions apart on the live site. */
export function htmlArtifact(marker: string): string {
  return `<!doctype html><html><head><title>${marker}</title></head><body><h1>${marker}</h1></body></html>`;
}

export function deployCode(
  server: Pick<TestServer, 'api'>,
  token: string | undefined,
  subdomain: string,
  code: string,
): Promise<ApiResponse<DeployResponse & { error?: any }>> {
  return server.api('POST', '/api/deployments/deploy/code', {
    ...(token ? { token } : {}),
    body: { subdomain, code, aiProvider: 'GEMINI' },
  });
}

export async function uploadFile(
  server: Pick<TestServer, 'url'>,
  token: string | undefined,
  file: { name: string; bytes: Uint8Array | string; type?: string } | null,
  subdomain: string,
): Promise<ApiResponse> {
  const form = new FormData();
  form.append('subdomain', subdomain);
  if (file) {
    const blob = new Blob([file.bytes as BlobPart], {
      type: file.type ?? 'application/octet-stream',
    });
    form.append('file', blob, file.name);
  }
  const res = await fetch(`${server.url}/api/deployments/deploy/file`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, headers: res.headers, body };
}

let subdomains = 0;
/** A subdomain no other test in this run has used: `name-<time>-<n>`. */
export function uniqueSubdomain(name: string): string {
  subdomains += 1;
  return `${name}-${Date.now().toString(36)}-${subdomains}`;
}

/** Asks the API until the deployment's status is one `accept` takes; returns it. */
export function waitForDeploymentStatus(
  server: Pick<TestServer, 'api'>,
  token: string,
  id: string,
  accept: (status: DeploymentStatus) => boolean,
  timeoutMs = 60_000,
): Promise<Deployment> {
  let last: Deployment | undefined;
  return waitUntil(
    async () => {
      const res = await server.api<{ deployment: Deployment }>('GET', `/api/deployments/${id}`, {
        token,
      });
      last = res.body.deployment;
      return last && accept(last.status) ? last : false;
    },
    { timeoutMs, what: () => `deployment ${id} (still ${last?.status})` },
  );
}

/** Asks the API until the deployment is final (SUCCESS or FAILED). */
export function waitForDeployment(
  server: Pick<TestServer, 'api'>,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<Deployment> {
  return waitForDeploymentStatus(
    server,
    token,
    id,
    (s) => s === 'SUCCESS' || s === 'FAILED',
    timeoutMs,
  );
}

/**
 * The deployment's row for `file` once its brotli variant is another: the background pass at
 * the best level (pipeline/recompression.ts) has put its smaller bytes in place. Read again at
 * each change of the site, subscribed before the first read so a change in between is not
 * missed. `file` is the row as the deploy published it, read before that pass began (it waits
 * for a quiet second after the last build).
 */
export async function recompressed(
  server: { ctx: Pick<AppContext, 'db' | 'events'> },
  siteId: string,
  deploymentId: string,
  file: DeploymentFileRow,
): Promise<DeploymentFileRow> {
  let changed: () => void = () => {};
  const off = server.ctx.events.on('site.changed', (e) => {
    if (e.siteId === siteId) changed();
  });
  try {
    for (;;) {
      const next = new Promise<void>((resolve) => (changed = resolve));
      const now = (await filesOfDeployment(server.ctx.db, deploymentId)).find(
        (f) => f.path === file.path,
      )!;
      if (now.br_sha256 !== file.br_sha256) return now;
      await next;
    }
  } finally {
    off();
  }
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** the bytes as sent, not decoded (a compressed variant stays compressed) */
  body: Buffer;
}

/** A request to a site on this server by Host header (fetch cannot set Host). */
export function fetchSite(
  port: number,
  subdomain: string,
  path = '/',
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<SiteResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'GET',
        headers: { ...opts.headers, host: `${subdomain}.localhost:${port}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: body.toString('utf8'),
            body,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * A zip whose build takes seconds, long enough to stop a server or worker in the middle of
 * it: hundreds of text files, each just under the size up to which the builder compresses at
 * brotli's high quality (its slowest work per byte) and stored as blobs of its own. A smaller
 * `fileCount` makes a shorter build, for tests that only need builds under way at a crash.
 */
export function slowSiteZip(marker: string, fileCount = 950): Buffer {
  const words = Array.from({ length: 1000 }, (_, i) =>
    Math.random()
      .toString(36)
      .slice(2, 4 + (i % 8)),
  );
  const files = [{ name: 'index.html', data: Buffer.from(htmlArtifact(marker)) }];
  for (let f = 0; f < fileCount; f++) {
    let text = '';
    while (text.length < HIGH_QUALITY_MAX_BYTES - 512)
      text += `${words[Math.floor(Math.random() * words.length)]} `;
    files.push({ name: `data/part-${f}.txt`, data: Buffer.from(text) });
  }
  // deflated, so that many files stay well within an upload
  return Buffer.from(makeZip(files));
}
