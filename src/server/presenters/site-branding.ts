import { BRANDING_PATH, type BrandingImageKind, type SiteBranding } from '../../shared/branding';
import type { Config } from '../config';
import { siteUrl } from '../lib/urls';
import type { SiteRow } from '../db/schema';

type BrandingRow = Pick<
  SiteRow,
  | 'subdomain'
  | 'brand_white_label'
  | 'brand_title'
  | 'brand_description'
  | 'brand_image_sha256'
  | 'brand_icon_sha256'
  | 'brand_updated_at'
>;

/**
 * Where a picture of a site's page settings is served, on the site's own host. The hash in the
 * query makes a new picture a new address, so browsers and link previews never keep an old one.
 */
export function brandingPicturePath(kind: BrandingImageKind, sha256: string): string {
  return `${BRANDING_PATH}/${kind}?v=${sha256.slice(0, 12)}`;
}

export function presentBranding(config: Config, row: BrandingRow): SiteBranding {
  const base = siteUrl(config, row.subdomain);
  return {
    whiteLabel: row.brand_white_label === 1,
    title: row.brand_title,
    description: row.brand_description,
    imageUrl: row.brand_image_sha256
      ? `${base}${brandingPicturePath('image', row.brand_image_sha256)}`
      : null,
    iconUrl: row.brand_icon_sha256
      ? `${base}${brandingPicturePath('icon', row.brand_icon_sha256)}`
      : null,
    updatedAt: row.brand_updated_at,
  };
}
