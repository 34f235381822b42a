import { createHash } from 'node:crypto';
import { DIRECT_LABEL } from '../../shared/analytics';

// What one page view is recorded as: cheap string work only, since it runs on the request path.

const MAX_PATH = 200;
const MAX_HOST = 253;

/** The page of a request: no query or fragment (they carry ids and tokens), bounded in length. */
export function pagePath(url: string): string {
  let end = url.length;
  const q = url.indexOf('?');
  if (q !== -1) end = q;
  const h = url.indexOf('#');
  if (h !== -1 && h < end) end = h;
  let path = url.slice(0, end) || '/';
  if (!path.startsWith('/')) path = `/${path}`;
  // One page, one row: '/docs/index.html' is what '/docs/' serves.
  if (path.endsWith('/index.html')) path = path.slice(0, -'index.html'.length);
  return path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path;
}

function hostOf(value: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]+)/i.exec(value);
  const host = m?.[1]?.toLowerCase().replace(/\.$/, '');
  return host && host.length <= MAX_HOST ? host : null;
}

/**
 * The referring host of a view; DIRECT_LABEL without a Referer (or an unreadable one); null
 * when the visitor came from a page of the same site, which is navigation, not a source.
 */
export function referrerOf(
  referer: string | undefined,
  ownHost: string | undefined,
): string | null {
  if (!referer) return DIRECT_LABEL;
  const host = hostOf(referer);
  if (!host) return DIRECT_LABEL;
  const own = ownHost?.toLowerCase().replace(/:\d+$/, '');
  return host === own ? null : host;
}

/**
 * The visitor's hash of the day: sha-256 of the day's salt, the site, the address and the
 * browser's name. Without the salt (deleted the day after) it leads back to nobody, and a
 * different site or day gives a different hash, so visitors cannot be followed across either.
 */
export function visitorHash(salt: string, siteId: string, visitorKey: string): string {
  return createHash('sha256')
    .update(salt)
    .update('\0')
    .update(siteId)
    .update('\0')
    .update(visitorKey)
    .digest('base64url')
    .slice(0, 22);
}
