import { parseVersionLabel } from '../../../shared/version-links';
import type { Database } from '../database';
import type { SiteRow } from '../schema';
import { hostedSites } from './site-branding';

/**
 * What hosting reads to serve a version link: the site's row as `hostedSites` reads it, with
 * `current_deployment_id` naming that version's deployment, so the site cache serves it as it
 * serves a live site. Only a successful version of a site with version links on is found.
 */
function hostedVersions(db: Database) {
  return hostedSites(db)
    .innerJoin('deployments', 'deployments.site_id', 'sites.id')
    .select([
      'deployments.id as version_deployment_id',
      'deployments.version as version',
      'deployments.preview_sha256 as version_preview_sha256',
    ])
    .where('deployments.status', '=', 'SUCCESS')
    .where('sites.version_links_enabled', '=', 1);
}

type VersionRow = Awaited<ReturnType<ReturnType<typeof hostedVersions>['executeTakeFirst']>>;

function asSite(row: NonNullable<VersionRow>) {
  const { version_deployment_id, version: _version, version_preview_sha256, ...site } = row;
  // a version link shows its own version's files and preview, not the live one's
  return {
    ...site,
    current_deployment_id: version_deployment_id,
    preview_sha256: version_preview_sha256,
  };
}

/** The version a `v{N}--{subdomain}` label names, as hosting serves it; undefined: none. */
export async function hostedSiteVersion(db: Database, label: string) {
  const named = parseVersionLabel(label);
  if (!named) return undefined;
  const row = await hostedVersions(db)
    .where('sites.subdomain', '=', named.subdomain)
    .where('deployments.version', '=', named.version)
    .executeTakeFirst();
  return row ? asSite(row) : undefined;
}

/** hostedSiteVersion for many labels in one statement: label → row, absent labels have none. */
export async function hostedSiteVersions(db: Database, labels: string[]) {
  const named = labels.map(parseVersionLabel).filter((n) => n !== null);
  if (named.length === 0) return new Map<string, ReturnType<typeof asSite>>();
  const rows = await hostedVersions(db)
    .where((eb) =>
      eb.or(
        named.map((n) =>
          eb.and([
            eb('sites.subdomain', '=', n.subdomain),
            eb('deployments.version', '=', n.version),
          ]),
        ),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [`v${row.version}--${row.subdomain}`, asSite(row)]));
}

/** Turns a site's version links on or off; the updated row, or undefined when the site is gone. */
export async function setVersionLinks(
  db: Database,
  siteId: string,
  enabled: boolean,
  now: string,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set({ version_links_enabled: enabled ? 1 : 0, updated_at: now })
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
}
