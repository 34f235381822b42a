import type { DeployResponse } from '../../shared/deployment';
import type { EditDeployRequest, SiteSourceResponse } from '../../shared/site-source';
import { api } from './client';

// Edit in the browser: a version's source, and an edit of it deployed as the next version.
export const sourceApi = {
  /** Without a deployment: the live version's source (or the latest, before any went live). */
  read: (siteId: string, deploymentId?: string) =>
    api<SiteSourceResponse>(
      `/sites/${encodeURIComponent(siteId)}/source${
        deploymentId ? `?deploymentId=${encodeURIComponent(deploymentId)}` : ''
      }`,
    ),
  deployEdit: (siteId: string, edit: EditDeployRequest) =>
    api<DeployResponse>(`/sites/${encodeURIComponent(siteId)}/edits`, { body: edit }),
};
