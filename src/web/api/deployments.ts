import type {
  DeployCodeRequest,
  DeployResponse,
  Deployment,
  DeploymentLogsResponse,
  RollbackResponse,
} from '../../shared/deployment';
import type {
  AddDomainResponse,
  RemoveDomainResponse,
  VerifyDomainResponse,
} from '../../shared/custom-domain';
import type { DeleteSiteResponse, Site } from '../../shared/site';
import { api } from './client';

// Deploying, watching and managing sites. Pasted code always goes out as
// GEMINI (the provider the artifact's AI calls default to).
export const deploymentsApi = {
  deployCode: (input: Pick<DeployCodeRequest, 'subdomain' | 'code'>) =>
    api<DeployResponse>('/deployments/deploy/code', {
      body: { subdomain: input.subdomain, code: input.code, aiProvider: 'GEMINI' },
    }),
  deployFile: (file: File, subdomain: string) => {
    const form = new FormData();
    form.append('subdomain', subdomain);
    form.append('file', file, file.name);
    return api<DeployResponse>('/deployments/deploy/file', { form });
  },
  get: (id: string) =>
    api<{ deployment: Deployment }>(`/deployments/${encodeURIComponent(id)}`).then(
      (r) => r.deployment,
    ),
  logs: (id: string) => api<DeploymentLogsResponse>(`/deployments/${encodeURIComponent(id)}/logs`),
  /** The id is the site's. */
  redeploy: (siteId: string) =>
    api<DeployResponse>(`/deployments/${encodeURIComponent(siteId)}/redeploy`, {
      method: 'POST',
    }),
};

export const sitesApi = {
  list: () => api<{ sites: Site[] }>('/sites').then((r) => r.sites),
  get: (id: string) => api<{ site: Site }>(`/sites/${encodeURIComponent(id)}`).then((r) => r.site),
  deployments: (id: string) =>
    api<{ deployments: Deployment[] }>(`/sites/${encodeURIComponent(id)}/deployments`).then(
      (r) => r.deployments,
    ),
  remove: (id: string) =>
    api<DeleteSiteResponse>(`/sites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  rollback: (id: string, deploymentId: string) =>
    api<RollbackResponse>(`/sites/${encodeURIComponent(id)}/rollback`, {
      body: { deploymentId },
    }),
  /** The domain goes out trimmed and lower-cased. */
  addDomain: (id: string, domain: string) =>
    api<AddDomainResponse>(`/sites/${encodeURIComponent(id)}/domain`, {
      body: { domain: domain.trim().toLowerCase() },
    }),
  verifyDomain: (id: string) =>
    api<VerifyDomainResponse>(`/sites/${encodeURIComponent(id)}/domain/verify`, {
      method: 'POST',
    }),
  removeDomain: (id: string) =>
    api<RemoveDomainResponse>(`/sites/${encodeURIComponent(id)}/domain`, { method: 'DELETE' }),
};
