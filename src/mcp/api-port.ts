import type {
  Deployment,
  DeploymentResponse,
  DeploymentsResponse,
  DeployResponse,
  RollbackResponse,
} from '../shared/deployment';
import type { SitesResponse } from '../shared/site';
import { normalizeSitePath, type SiteFile } from '../shared/site-files';
import { ZipFile } from 'yazl';
import { ToolError, type ArtifactSource, type HostPort } from './port';

// The tools' port for `artifact-host mcp`: the server's REST API with the person's token.
// (The CLI has its own API client in src/cli/; this one only needs what the tools call.)

const FINAL = new Set(['SUCCESS', 'FAILED']);

export interface ApiPortOptions {
  /** The app's origin, such as https://artifacthost.example (ARTIFACT_HOST_URL). */
  baseUrl: string;
  token: string;
  /** Tests pass their own; the default is the global fetch. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export function apiPort(opts: ApiPortOptions): HostPort {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await doFetch(base + path, { method, headers, body: payload });
    } catch (err) {
      throw new ToolError(
        `Could not reach the artifact host at ${base} (${(err as Error).message}). Check ARTIFACT_HOST_URL and that the server is running.`,
      );
    }
    const text = await res.text();
    const parsed = parseJson(text);
    if (res.ok) return parsed as T;
    const error = (parsed as { error?: { message?: string; code?: string } } | null)?.error;
    if (res.status === 401) {
      throw new ToolError(
        `The artifact host did not accept the token (${error?.message ?? 'unauthorized'}). Set ARTIFACT_HOST_TOKEN to a valid access token.`,
        'UNAUTHORIZED',
      );
    }
    throw new ToolError(
      error?.message ?? `The artifact host answered ${res.status} ${res.statusText}.`,
      error?.code,
    );
  }

  const getDeployment = async (id: string) =>
    (await call<DeploymentResponse>('GET', `/api/deployments/${encodeURIComponent(id)}`))
      .deployment;

  return {
    async deploy(source, subdomain, team) {
      const started =
        source.kind === 'code'
          ? await call<DeployResponse>('POST', '/api/deployments/deploy/code', {
              subdomain,
              code: Buffer.from(source.bytes).toString('utf8'),
              ...(team ? { teamId: team } : {}),
            })
          : await call<DeployResponse>(
              'POST',
              '/api/deployments/deploy/file',
              await upload(source, subdomain, team),
            );
      return {
        deployment: started.deployment,
        site: { id: started.site.id, url: started.site.url, subdomain: started.site.subdomain },
      };
    },
    async waitUntilFinished(id, timeoutMs) {
      // No event stream over plain HTTP: ask again, less often as the build takes longer.
      const deadline = Date.now() + timeoutMs;
      let delay = 150;
      let last: Deployment = await getDeployment(id);
      while (!FINAL.has(last.status) && Date.now() < deadline) {
        await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
        delay = Math.min(delay * 1.5, 2000);
        last = await getDeployment(id);
      }
      return last;
    },
    async listSites() {
      return (await call<SitesResponse>('GET', '/api/sites')).sites;
    },
    async listDeployments(siteId) {
      const path = `/api/sites/${encodeURIComponent(siteId)}/deployments`;
      return (await call<DeploymentsResponse>('GET', path)).deployments;
    },
    getDeployment,
    async rollback(siteId, deploymentId) {
      const path = `/api/sites/${encodeURIComponent(siteId)}/rollback`;
      const done = await call<RollbackResponse>('POST', path, { deploymentId });
      return { site: done.site, deployment: done.deployment };
    },
  };
}

/**
 * deploy/file takes a multipart upload: the page as index.html, or the site as the zip a
 * person would upload (made here, on the machine running `artifact-host mcp`).
 */
async function upload(
  source: ArtifactSource,
  subdomain: string,
  team: string | undefined,
): Promise<FormData> {
  const form = new FormData();
  form.append('subdomain', subdomain);
  if (team) form.append('teamId', team);
  if (source.kind === 'files') {
    const zip = await zipOf(source.files);
    form.append('file', new Blob([zip as BlobPart], { type: 'application/zip' }), 'site.zip');
  } else {
    form.append('file', new Blob([source.bytes as BlobPart], { type: 'text/html' }), 'index.html');
  }
  return form;
}

function zipOf(files: SiteFile[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new ZipFile();
    for (const file of files) {
      const bytes = Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8');
      zip.addBuffer(bytes, normalizeSitePath(file.path));
    }
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.end();
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
