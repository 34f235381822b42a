import type {
  DeployCodeRequest,
  DeployResponse,
  Deployment,
  DeploymentLogsResponse,
} from '../../shared/deployment';
import { api } from './client';

// Deploying and watching deployments. Pasted code always goes out as
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
