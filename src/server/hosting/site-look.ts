import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { BRANDING_PATH, type BrandingImageKind } from '../../shared/branding';
import { PREVIEW_PATH, previewUrlOf } from '../../shared/link-previews';
import type { SiteRow, UserRow } from '../db/schema';
import { brandingPicturePath } from '../presenters/site-branding';
import type { HtmlRewrite } from './branded-file';
import { brandHtml, changesPages, type PageSettings } from './html-branding';
import { whiteLabelledPages, type SitePages } from './pages';
import { remixControlHtml, withRemixControl } from './remix-control';
import { remixPath } from '../../shared/remix';

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
  | 'remix_allowed'
  | 'preview_sha256'
  | 'subdomain'
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
  /** The app's origin, where the Remix control leads; without it no control is shown. */
  appOrigin?: string;
}

type Facts = Partial<SiteLookFacts> & {
  id: string;
  access_password_hash?: string | null;
};

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
  // Absolute picture URLs name the host asked: only sites with one work their look out per host.
  const asked = site.brand_image_sha256 || site.preview_sha256 ? origin(req, deps.trustProxy) : '';
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
    previewUrl: site.preview_sha256 ? previewUrlOf(origin, site.preview_sha256) : null,
    siteName: site.name ?? site.subdomain ?? '',
    siteHost: origin.replace(/^https?:\/\//, '').replace(/:\d+$/, ''),
  };
  const pages = whiteLabel ? whiteLabelledPages(settings.name) : deps.pages;
  const control = remixControlOf(deps, site);
  const branded = changesPages(settings);
  if (!branded && !control) return { pages };
  const key = `${branded ? JSON.stringify(settings) : ''}${control ? '|remix' : ''}`;
  return {
    pages,
    html: {
      key,
      apply: (html) => {
        const page = branded ? brandHtml(html, settings) : html;
        return control ? withRemixControl(page, control) : page;
      },
    },
  };
}

/**
 * The Remix control's markup when visitors may remix the site. Allowing remixing is the
 * owner's choice to show it, white-labelled or not; a private site's visitors could not remix
 * it, so they are not offered to.
 */
function remixControlOf(deps: SiteLookDeps, site: Facts): string | null {
  if (site.remix_allowed !== 1 || site.access_password_hash || !deps.appOrigin) return null;
  return remixControlHtml(`${deps.appOrigin}${remixPath(site.id)}`);
}

/** The picture a request names, when it asks for one of the site's (favicon.ico: its icon). */
/**
 * The stored picture a request names: the link preview, or an image of the page settings (the
 * favicon among them). Null when the site has none yet; undefined when none was asked for.
 */
export function pictureOf(
  site: Facts,
  url: string,
): { sha256: string; contentType: string } | null | undefined {
  // Nearly every request names none: answered without cutting the URL.
  if (url.startsWith(PREVIEW_PATH)) {
    if (url.split('?')[0] !== PREVIEW_PATH) return undefined;
    return site.preview_sha256 ? { sha256: site.preview_sha256, contentType: 'image/png' } : null;
  }
  if (!url.startsWith(BRANDING_PATH) && !url.startsWith('/favicon.ico')) return undefined;
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

/** Sends a stored picture of the site; the hash in its address lets it be kept long. */
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
    'content-length': String(body.byteLength),
    'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
    // an SVG favicon opened on its own runs no script
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(head ? undefined : body);
}
