import type { Deployment, RollbackResponse } from '../../shared/deployment';
import type {
  AddDomainResponse,
  RemoveDomainResponse,
  VerifyDomainResponse,
} from '../../shared/custom-domain';
import type { EmbeddingResponse } from '../../shared/embed';
import type { DeleteSiteResponse, Site } from '../../shared/site';
import { api } from './client';

// A signed-in person's sites: listing, one site and its versions, rollback, custom domain.
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
  /** The domain goes out trimmed and lower-cased, the form the server compares. */
  addDomain: (id: string, domain: string) =>
    api<AddDomainResponse>(`/sites/${encodeURIComponent(id)}/domain`, {
      body: { domain: domain.trim().toLowerCase() },
    }),
  verifyDomain: (id: string) =>
    api<VerifyDomainResponse>(`/sites/${encodeURIComponent(id)}/domain/verify`, {
      method: 'POST',
    }),
  setVersionLinks: (id: string, enabled: boolean) =>
    api<{ site: Site }>(`/sites/${encodeURIComponent(id)}/version-links`, {
      method: 'PUT',
      body: { enabled },
    }).then((r) => r.site),
  removeDomain: (id: string) =>
    api<RemoveDomainResponse>(`/sites/${encodeURIComponent(id)}/domain`, { method: 'DELETE' }),
  /** null: any page may frame the site; a list: only pages of those origins. */
  saveEmbedding: (id: string, allowedOrigins: string[] | null) =>
    api<EmbeddingResponse>(`/sites/${encodeURIComponent(id)}/embedding`, {
      method: 'PUT',
      body: { allowedOrigins },
    }),
};
