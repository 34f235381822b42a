import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { BRANDING_PATH, type BrandingImageKind } from '../../shared/branding';
import type { SiteRow, UserRow } from '../db/schema';
import { brandingPicturePath } from '../presenters/site-branding';
import type { HtmlRewrite } from './branded-file';
import { brandHtml, changesPages, type PageSettings } from './html-branding';
import { whiteLabelledPages, type SitePages } from './pages';

/** What hosting reads with a site to dress its pages (db/queries/site-branding.ts). */
export type SiteLookFacts = Pick<
  SiteRow,
  | 'name'
  | 'brand_white_label'
  | 'brand_title'
  | 'brand_description'
  | 'brand_image_sha256'
  | 'brand_image_type'
  | 'brand_icon_sha256'
  | 'brand_icon_type'
> & {
  owner_email: UserRow['email'];
  owner_name: UserRow['name'];
  owner_plan: UserRow['plan'];
  owner_is_guest: UserRow['is_guest'];
  owner_email_verified: UserRow['email_verified'];
};

/** How one request of a site is dressed: which pages stand in for files, and its HTML rewrite. */
export interface SiteLook {
  pages: SitePages;
  html?: HtmlRewrite;
}

export interface SiteLookDeps {
  /** The platform's own pages, with their report links. */
  pages: SitePages;
  /** The plan rule (domain/plans.ts mayWhiteLabel), asked at serve time: a downgrade counts at once. */
  mayWhiteLabel(owner: {
    email: string;
    plan: UserRow['plan'];
    is_guest: number;
    email_verified: number;
  }): boolean;
  trustProxy: boolean;
}

type Facts = Partial<SiteLookFacts> & { id: string };

/** Whether white-label is in force for the site: asked for, and its owner's plan includes it. */
export function whiteLabelled(deps: SiteLookDeps, site: Facts): boolean {
  if (site.brand_white_label !== 1 || site.owner_plan === undefined) return false;
  return deps.mayWhiteLabel({
    email: site.owner_email ?? '',
    plan: site.owner_plan,
    is_guest: site.owner_is_guest ?? 1,
    email_verified: site.owner_email_verified ?? 0,
  });
}

function origin(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(req.headers['x-forwarded-proto'] ?? '') : '';
  const secure = (req.socket as TLSSocket).encrypted || forwarded.split(',')[0]?.trim() === 'https';
  return `${secure ? 'https' : 'http'}://${req.headers.host ?? ''}`;
}

/** The name a white-labelled site goes by where a name is needed: its title, its owner's, its own. */
function nameOf(site: Facts): string {
  return site.brand_title || site.owner_name || site.name || '';
}

/**
 * Looks worked out, by the cached site row and the origin asked: the row is replaced whenever the
 * site is read again, so a hot site works its look out about once a second, not per request.
 */
const looks = new WeakMap<Facts, Map<string, SiteLook>>();

export function siteLook(deps: SiteLookDeps, site: Facts, req: IncomingMessage): SiteLook {
  const asked = site.brand_image_sha256 ? origin(req, deps.trustProxy) : '';
  let byOrigin = looks.get(site);
  if (!byOrigin) looks.set(site, (byOrigin = new Map()));
  let look = byOrigin.get(asked);
  if (!look) {
    look = workOut(deps, site, asked);
    if (byOrigin.size >= 4) byOrigin.clear();
    byOrigin.set(asked, look);
  }
  return look;
}

function workOut(deps: SiteLookDeps, site: Facts, origin: string): SiteLook {
  const whiteLabel = whiteLabelled(deps, site);
  const settings: PageSettings = {
    title: site.brand_title ?? null,
    description: site.brand_description ?? null,
    imageUrl: site.brand_image_sha256
      ? `${origin}${brandingPicturePath('image', site.brand_image_sha256)}`
      : null,
    iconUrl: site.brand_icon_sha256 ? brandingPicturePath('icon', site.brand_icon_sha256) : null,
    whiteLabel,
    name: nameOf(site),
  };
  const pages = whiteLabel ? whiteLabelledPages(settings.name) : deps.pages;
  if (!changesPages(settings)) return { pages };
  return {
    pages,
    html: { key: JSON.stringify(settings), apply: (html) => brandHtml(html, settings) },
  };
}

/** The picture a request names, when it asks for one of the site's (favicon.ico: its icon). */
export function pictureOf(
  site: Facts,
  url: string,
): { sha256: string; contentType: string } | null | undefined {
  const path = url.split('?')[0] ?? '';
  let kind: BrandingImageKind;
  if (path === `${BRANDING_PATH}/icon` || (path === '/favicon.ico' && site.brand_icon_sha256))
    kind = 'icon';
  else if (path === `${BRANDING_PATH}/image`) kind = 'image';
  else return undefined;
  const sha256 = kind === 'icon' ? site.brand_icon_sha256 : site.brand_image_sha256;
  const contentType = kind === 'icon' ? site.brand_icon_type : site.brand_image_type;
  return sha256 && contentType ? { sha256, contentType } : null;
}

/** Sends a picture of the site's settings; the hash in its address lets it be kept long. */
export function sendPicture(
  res: ServerResponse,
  picture: { contentType: string },
  body: Buffer,
  versioned: boolean,
  head: boolean,
): void {
  res.writeHead(200, {
    'x-content-type-options': 'nosniff',
    'content-type': picture.contentType,
    'content-length': body.byteLength,
    'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
    // an SVG favicon opened on its own runs no script
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(head ? undefined : body);
}
