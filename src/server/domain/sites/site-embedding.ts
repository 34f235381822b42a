import { PRODUCT_NAME } from '../../../shared/brand';
import {
  EMBED_HEIGHT,
  EMBED_WIDTH,
  embedSnippet,
  type OEmbedResponse,
  type UpdateEmbeddingRequest,
  UpdateEmbeddingRequestSchema,
} from '../../../shared/embed';
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import { siteByCustomDomain, siteBySubdomain } from '../../db/queries/sites';
import { updateSiteEmbedding } from '../../db/queries/site-embedding';
import type { SiteRow } from '../../db/schema';
import { notFound } from '../../errors';
import { nowIso } from '../../lib/ids';
import { customDomainUrl, siteUrl } from '../../lib/urls';
import { isExpired } from './expiry';
import { announceSiteChanged } from './site-changed';

// Embeds: who may frame a site (CSP frame-ancestors, sent by hosting) and the oEmbed answer for
// a site's address. A change needs no rebuild: 'site.changed' drops the site from every web
// node's cache, and the next request reads the new list with the site.

/** The column's value as a list: null means any page may frame the site. */
export function embedOriginsOf(site: Pick<SiteRow, 'embed_origins'>): string[] | null {
  const column = site.embed_origins ?? null;
  if (column === null) return null;
  return column === '' ? [] : column.split(' ');
}

/**
 * The Content-Security-Policy a restricted site is served with, or null when anyone may frame
 * it. The site's own pages may always frame each other ('self').
 */
export function frameAncestorsPolicy(embedOrigins: string | null | undefined): string | null {
  if (embedOrigins === null || embedOrigins === undefined) return null;
  return `frame-ancestors 'self'${embedOrigins ? ` ${embedOrigins}` : ''}`;
}

export async function changeEmbedding(
  ctx: AppContext,
  site: SiteRow,
  body: UpdateEmbeddingRequest,
): Promise<SiteRow> {
  const { allowedOrigins } = UpdateEmbeddingRequestSchema.parse(body);
  const column = allowedOrigins === null ? null : allowedOrigins.join(' ');
  const updated = await updateSiteEmbedding(ctx.db, site.id, column, nowIso());
  if (!updated) throw notFound('Site not found');
  announceSiteChanged(ctx, updated);
  return updated;
}

const NOT_A_SITE = 'No live site answers at that address.';

/** The live site an address names: on the sites domain, or on its verified custom domain. */
async function liveSiteAt(ctx: AppContext, address: string): Promise<SiteRow> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw notFound(NOT_A_SITE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw notFound(NOT_A_SITE);
  const host = url.hostname.toLowerCase();
  const suffix = `.${ctx.config.sitesDomain.replace(/:\d+$/, '').toLowerCase()}`;
  let site: SiteRow | undefined;
  if (host.endsWith(suffix)) {
    const subdomain = host.slice(0, -suffix.length);
    site = subdomain.includes('.') ? undefined : await siteBySubdomain(ctx.db, subdomain);
  } else {
    site = await siteByCustomDomain(ctx.db, host);
    if (site?.custom_domain_status !== 'VERIFIED') site = undefined;
  }
  if (!site || !site.current_deployment_id || site.disabled_at || isExpired(site)) {
    throw notFound(NOT_A_SITE);
  }
  return site;
}

function frameUrlOf(config: Config, site: SiteRow, asked: URL): string {
  const base =
    site.custom_domain && asked.hostname.toLowerCase() === site.custom_domain
      ? customDomainUrl(config, site.custom_domain, site.ssl_status === 'ACTIVE')
      : siteUrl(config, site.subdomain);
  return `${base}${asked.pathname}${asked.search}`;
}

/** The oEmbed "rich" answer for a live site's address; 404 for anything else. */
export async function oEmbedFor(
  ctx: AppContext,
  address: string,
  max: { width?: number; height?: number },
): Promise<OEmbedResponse> {
  const site = await liveSiteAt(ctx, address);
  const width = Math.min(EMBED_WIDTH, max.width ?? EMBED_WIDTH);
  const height = Math.min(EMBED_HEIGHT, max.height ?? EMBED_HEIGHT);
  const title = site.brand_title ?? site.name ?? site.subdomain;
  return {
    version: '1.0',
    type: 'rich',
    html: embedSnippet(frameUrlOf(ctx.config, site, new URL(address)), title, width, height),
    width,
    height,
    title,
    ...(site.brand_white_label
      ? {}
      : { provider_name: PRODUCT_NAME, provider_url: ctx.config.appOrigin }),
  };
}
