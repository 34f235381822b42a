import { request } from 'node:http';
import type { DeployResponse, Deployment } from '../src/shared/deployment';
import type { ApiResponse, TestServer } from './server';

/** A small HTML artifact; `marker` tells versions apart on the live site. */
export function htmlArtifact(marker: string): string {
  return `<!doctype html><html><head><title>${marker}</title></head><body><h1>${marker}</h1></body></html>`;
}

export function deployCode(
  server: TestServer,
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
  server: TestServer,
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

/** Polls the API until the deployment is final (SUCCESS or FAILED). */
export async function waitForDeployment(
  server: TestServer,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<Deployment> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.api<{ deployment: Deployment }>('GET', `/api/deployments/${id}`, {
      token,
    });
    const d = res.body.deployment;
    if (d && (d.status === 'SUCCESS' || d.status === 'FAILED')) return d;
    if (Date.now() > end)
      throw new Error(`deployment ${id} still ${d?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
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
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
