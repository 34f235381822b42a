import type { z } from 'zod';
import {
  DeploymentResponseSchema,
  DeploymentsResponseSchema,
  DeployResponseSchema,
  RollbackResponseSchema,
  type Deployment,
  type DeployResponse,
  type RollbackResponse,
} from '../shared/deployment';
import { ApiErrorSchema } from '../shared/errors';
import {
  DeleteSiteResponseSchema,
  SiteResponseSchema,
  SitesResponseSchema,
  type Site,
} from '../shared/site';
import { MeResponseSchema, type User } from '../shared/user';
import { CliError } from './errors';

/** The deploy API as the CLI uses it; every answer is checked against the shared shapes. */
export class ApiClient {
  constructor(
    readonly server: string,
    readonly token: string | null,
  ) {}

  private async call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: { json: unknown } | { form: FormData },
  ): Promise<z.infer<S>> {
    if (!this.token) {
      throw new CliError(
        'Not logged in. Run `artifact-host login` or set ARTIFACT_HOST_TOKEN (create a token in Settings → Access Tokens).',
      );
    }
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    let payload: string | FormData | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      payload = body.form;
    }
    let res: Response;
    try {
      res = await fetch(this.server + path, { method, headers, body: payload });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new CliError(`Could not reach ${this.server} (${cause}). Is --server right?`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: reported below
    }
    if (!res.ok) {
      const apiError = ApiErrorSchema.safeParse(json);
      const message = apiError.success
        ? apiError.data.error.message
        : `The server answered ${res.status} ${res.statusText}.`;
      throw new CliError(message, 1, { status: res.status });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new CliError(
        `Unexpected answer from ${method} ${path}: is ${this.server} an artifact host?`,
      );
    }
    return parsed.data;
  }

  async me(): Promise<User> {
    return (await this.call(MeResponseSchema, 'GET', '/api/auth/me')).user;
  }

  async sites(): Promise<Site[]> {
    return (await this.call(SitesResponseSchema, 'GET', '/api/sites')).sites;
  }

  /** A site named by its subdomain or its id. */
  async findSite(nameOrId: string): Promise<Site> {
    const wanted = nameOrId.trim().toLowerCase();
    const site = (await this.sites()).find((s) => s.subdomain === wanted || s.id === nameOrId);
    if (!site)
      throw new CliError(`No site "${nameOrId}" among yours. See \`artifact-host sites\`.`);
    return site;
  }

  async site(id: string): Promise<Site> {
    return (await this.call(SiteResponseSchema, 'GET', `/api/sites/${encodeURIComponent(id)}`))
      .site;
  }

  async deployments(siteId: string): Promise<Deployment[]> {
    const path = `/api/sites/${encodeURIComponent(siteId)}/deployments`;
    return (await this.call(DeploymentsResponseSchema, 'GET', path)).deployments;
  }

  async deployment(id: string): Promise<Deployment> {
    const path = `/api/deployments/${encodeURIComponent(id)}`;
    return (await this.call(DeploymentResponseSchema, 'GET', path)).deployment;
  }

  /** `team`: the slug (or id) of the team a new site goes to; none, the person's own. */
  deployCode(subdomain: string, code: string, team?: string): Promise<DeployResponse> {
    return this.call(DeployResponseSchema, 'POST', '/api/deployments/deploy/code', {
      json: { subdomain, code, ...(team ? { teamId: team } : {}) },
    });
  }

  deployFile(
    subdomain: string,
    file: { name: string; bytes: Uint8Array },
    team?: string,
  ): Promise<DeployResponse> {
    const form = new FormData();
    form.append('subdomain', subdomain);
    if (team) form.append('teamId', team);
    form.append('file', new Blob([file.bytes as BlobPart]), file.name);
    return this.call(DeployResponseSchema, 'POST', '/api/deployments/deploy/file', { form });
  }

  rollback(siteId: string, deploymentId: string): Promise<RollbackResponse> {
    const path = `/api/sites/${encodeURIComponent(siteId)}/rollback`;
    return this.call(RollbackResponseSchema, 'POST', path, { json: { deploymentId } });
  }

  async deleteSite(siteId: string): Promise<void> {
    const path = `/api/sites/${encodeURIComponent(siteId)}`;
    await this.call(DeleteSiteResponseSchema, 'DELETE', path);
  }
}
