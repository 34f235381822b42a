import type {
  CreateShareLinkResponse,
  ShareLink,
  ShareLinksResponse,
} from '../../shared/site-access';
import type { Site } from '../../shared/site';
import { api } from './client';

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}`;

/** Who gets into a private site: its password and its share links. */
export const siteAccessApi = {
  /** A password makes the site private (everyone let in before is asked again); null opens it. */
  setPassword: (siteId: string, password: string | null): Promise<Site> =>
    api<{ site: Site }>(`${base(siteId)}/access`, { method: 'PUT', body: { password } }).then(
      (r) => r.site,
    ),
  shareLinks: (siteId: string): Promise<ShareLink[]> =>
    api<ShareLinksResponse>(`${base(siteId)}/share-links`).then((r) => r.shareLinks),
  /** The new link with its URL: the only time the URL is shown. */
  createShareLink: (siteId: string, label: string) =>
    api<CreateShareLinkResponse>(`${base(siteId)}/share-links`, {
      method: 'POST',
      body: label ? { label } : {},
    }).then((r) => r.shareLink),
  revokeShareLink: (siteId: string, linkId: string) =>
    api<null>(`${base(siteId)}/share-links/${encodeURIComponent(linkId)}`, { method: 'DELETE' }),
};
