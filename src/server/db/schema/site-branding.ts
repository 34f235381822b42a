import type { Generated } from 'kysely';

/**
 * A site's page settings (migration 021), kept on the site row so every read of a site carries
 * them. Pictures are blobs like deployment files, named by their hash with their content type.
 */
export interface SiteBrandingColumns {
  /** 1: the owner asked for white-label; it applies only while their plan includes it. */
  brand_white_label: Generated<number>;
  brand_title: Generated<string | null>;
  brand_description: Generated<string | null>;
  brand_image_sha256: Generated<string | null>;
  brand_image_type: Generated<string | null>;
  brand_icon_sha256: Generated<string | null>;
  brand_icon_type: Generated<string | null>;
  brand_updated_at: Generated<string | null>;
}

/** A new site's page settings: none, as built. */
export const NO_BRANDING = {
  brand_white_label: 0,
  brand_title: null,
  brand_description: null,
  brand_image_sha256: null,
  brand_image_type: null,
  brand_icon_sha256: null,
  brand_icon_type: null,
  brand_updated_at: null,
} as const;
