import { ACCESS_COOKIE, ACCESS_COOKIE_DAYS } from '../../../shared/site-access';
import type { SiteRow } from '../../db/schema';
import { hasSignature, signatureOf, signingKey } from '../../lib/signing';

// The cookie that lets a visitor into a private site: the site's id, the password generation it
// was given under, the share link it came by (none: the password) and when it ends, signed.
// A changed or removed password bumps the generation and a revoked share link leaves the site's
// list, so both end the cookies they issued without a list of cookies anywhere.

export type AccessFacts = Pick<SiteRow, 'id'> &
  Partial<Pick<SiteRow, 'access_password_hash' | 'access_generation' | 'access_share_ids'>>;

const DAY_S = 24 * 60 * 60;
export const ACCESS_COOKIE_MAX_AGE_S = ACCESS_COOKIE_DAYS * DAY_S;

export class AccessCookies {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = signingKey(secretKey, 'site-access-cookie');
  }

  /** The cookie's value for a visitor let in now, by the password (no link) or a share link. */
  issue(site: AccessFacts, shareLinkId: string | null, nowMs = Date.now()): string {
    const ends = Math.floor(nowMs / 1000) + ACCESS_COOKIE_MAX_AGE_S;
    const text = `${site.id}.${site.access_generation ?? 0}.${shareLinkId ?? ''}.${ends}`;
    return `${text}.${signatureOf(this.key, text)}`;
  }

  /** Whether a cookie's value still lets its holder into the site as it stands now. */
  lets(site: AccessFacts, value: string, nowMs = Date.now()): boolean {
    const parts = value.split('.');
    if (parts.length !== 5) return false;
    const [siteId, generation, link, ends, signature] = parts as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (siteId !== site.id || Number(generation) !== (site.access_generation ?? 0)) return false;
    if (!(Number(ends) * 1000 > nowMs)) return false;
    if (link && !` ${site.access_share_ids ?? ''} `.includes(` ${link} `)) return false;
    return hasSignature(this.key, parts.slice(0, 4).join('.'), signature);
  }
}

/** The access cookie's value in a Cookie header, or null. */
export function accessCookieIn(header: string | undefined): string | null {
  if (!header) return null;
  const at = header.indexOf(`${ACCESS_COOKIE}=`);
  if (at === -1) return null;
  // Only a whole cookie name counts: `xsite_access=` is another cookie.
  if (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';') {
    return accessCookieIn(header.slice(at + ACCESS_COOKIE.length + 1));
  }
  const start = at + ACCESS_COOKIE.length + 1;
  const end = header.indexOf(';', start);
  return header.slice(start, end === -1 ? undefined : end).trim();
}
