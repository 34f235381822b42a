import type {
  DeployCodeRequest,
  DeployResponse,
  Deployment,
  DeploymentLogsResponse,
} from '../../shared/deployment';
import { FixResponseSchema } from '../../shared/fix-with-ai';
import { api } from './client';

// Deploying and watching deployments. Pasted code always goes out as
// GEMINI (the provider the artifact's AI calls default to).
export const deploymentsApi = {
  /** `teamId`: a new site goes to that team; without it, to the person's own sites. */
  deployCode: (input: Pick<DeployCodeRequest, 'subdomain' | 'code' | 'teamId'>) =>
    api<DeployResponse>('/deployments/deploy/code', {
      body: {
        subdomain: input.subdomain,
        code: input.code,
        aiProvider: 'GEMINI',
        ...(input.teamId ? { teamId: input.teamId } : {}),
      },
    }),
  deployFile: (file: File, subdomain: string, teamId?: string | null) => {
    const form = new FormData();
    form.append('subdomain', subdomain);
    if (teamId) form.append('teamId', teamId);
    form.append('file', file, file.name);
    return api<DeployResponse>('/deployments/deploy/file', { form });
  },
  get: (id: string) =>
    api<{ deployment: Deployment }>(`/deployments/${encodeURIComponent(id)}`).then(
      (r) => r.deployment,
    ),
  logs: (id: string) => api<DeploymentLogsResponse>(`/deployments/${encodeURIComponent(id)}/logs`),
  /** A proposed fix of a failed build from the site owner's AI provider; deploys nothing. */
  fix: async (id: string) =>
    FixResponseSchema.parse(
      await api<unknown>(`/deployments/${encodeURIComponent(id)}/fix`, { method: 'POST' }),
    ),
  /** The id is the site's. */
  redeploy: (siteId: string) =>
    api<DeployResponse>(`/deployments/${encodeURIComponent(siteId)}/redeploy`, {
      method: 'POST',
    }),
};
