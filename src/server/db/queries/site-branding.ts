import type { Updateable } from 'kysely';
import type { Database } from '../database';
import type { SiteRow, SitesTable } from '../schema';
import type { SiteBrandingColumns } from '../schema/site-branding';

export type BrandingChange = Pick<
  Updateable<SitesTable>,
  Exclude<keyof SiteBrandingColumns, 'brand_updated_at'>
>;

/** Writes a site's page settings; the updated row, or undefined when the site is gone. */
export async function updateSiteBranding(
  db: Database,
  siteId: string,
  change: BrandingChange,
  now: string,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set({ ...change, brand_updated_at: now, updated_at: now })
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * What hosting reads of a site to serve it: the facts that pick its files and pages, its page
 * settings, and its owner's plan facts (white-label applies only while the plan includes it).
 */
export function hostedSites(db: Database) {
  return db
    .selectFrom('sites')
    .innerJoin('users', 'users.id', 'sites.user_id')
    .select([
      'sites.id',
      'sites.user_id',
      'sites.name',
      'sites.subdomain',
      'sites.expires_at',
      'sites.current_deployment_id',
      'sites.custom_domain',
      'sites.ssl_status',
      'sites.disabled_at',
      'sites.version_links_enabled',
      'sites.brand_white_label',
      'sites.brand_title',
      'sites.brand_description',
      'sites.brand_image_sha256',
      'sites.brand_image_type',
      'sites.brand_icon_sha256',
      'sites.brand_icon_type',
      'sites.embed_origins',
      'sites.access_password_hash',
      'sites.access_generation',
      'sites.access_share_ids',
      'sites.remix_allowed',
      'sites.preview_sha256',
      'users.email as owner_email',
      'users.name as owner_name',
      'users.plan as owner_plan',
      'users.is_guest as owner_is_guest',
      'users.email_verified as owner_email_verified',
    ]);
}
