import type {
  BrandingImageKind,
  BrandingResponse,
  SiteBranding,
  UpdateBrandingRequest,
} from '../../shared/branding';
import { api } from './client';

/** A site's page settings and white-label; each call answers the settings as saved. */
export const brandingApi = {
  update: (siteId: string, body: UpdateBrandingRequest): Promise<SiteBranding> =>
    api<BrandingResponse>(`/sites/${encodeURIComponent(siteId)}/branding`, {
      method: 'PUT',
      body,
    }).then((r) => r.branding),
  upload: (siteId: string, kind: BrandingImageKind, file: File): Promise<SiteBranding> =>
    api<BrandingResponse>(`/sites/${encodeURIComponent(siteId)}/branding/${kind}`, {
      method: 'PUT',
      raw: file,
    }).then((r) => r.branding),
  /** The picture as saved, as a data: URL the app may show. */
  picture: (siteId: string, kind: BrandingImageKind): Promise<string> =>
    api<string>(`/sites/${encodeURIComponent(siteId)}/branding/${kind}`, { dataUrl: true }),
  remove: (siteId: string, kind: BrandingImageKind): Promise<SiteBranding> =>
    api<BrandingResponse>(`/sites/${encodeURIComponent(siteId)}/branding/${kind}`, {
      method: 'DELETE',
    }).then((r) => r.branding),
};
