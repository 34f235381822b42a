import type { DeployResponse } from '../../shared/deployment';
import type { RemixOriginalResponse } from '../../shared/remix';
import type { Site } from '../../shared/site';
import { api } from './client';

// Remix: the owner's switch, what the remix page shows of the original, and the remix itself.
export const remixApi = {
  setAllowed: (siteId: string, allowed: boolean) =>
    api<{ site: Site }>(`/sites/${encodeURIComponent(siteId)}/remix`, {
      method: 'PUT',
      body: { allowed },
    }).then((r) => r.site),
  original: (siteId: string) =>
    api<RemixOriginalResponse>(`/sites/${encodeURIComponent(siteId)}/remix`).then(
      (r) => r.original,
    ),
  remix: (siteId: string, subdomain: string) =>
    api<DeployResponse>(`/sites/${encodeURIComponent(siteId)}/remix`, { body: { subdomain } }),
};
