import { hasControlCharacter } from './names';
import { VERSION_LABEL } from './version-links';

// Subdomain rules: one DNS label, lower-cased, not a name we keep for ourselves.
export const RESERVED_SUBDOMAINS = new Set([
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'mx',
  'root',
  'status',
  'static',
  'assets',
  'cdn',
  'dashboard',
  'auth',
  'login',
  'billing',
  'support',
  'help',
  'docs',
  'blog',
  'webmail',
  'localhost',
  'internal',
  'system',
  'test',
  'dev',
  'staging',
  'socket',
  'ws',
  'metrics',
  'security',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
]);

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type SubdomainCheck = { ok: true; subdomain: string } | { ok: false; message: string };

export function checkSubdomain(raw: string): SubdomainCheck {
  // Checked before trimming: a newline or NUL at either end is refused, not silently dropped.
  if (hasControlCharacter(raw)) {
    return { ok: false, message: 'Subdomain cannot contain control characters' };
  }
  const subdomain = raw.trim().toLowerCase();
  if (!subdomain) return { ok: false, message: 'Please enter a subdomain' };
  if (subdomain.length > 63) {
    return { ok: false, message: 'Subdomain must be at most 63 characters long' };
  }
  if (!LABEL.test(subdomain)) {
    return {
      ok: false,
      message:
        'Subdomain may contain only letters a-z, digits 0-9 and hyphens, and cannot start or end with a hyphen',
    };
  }
  // "xn--" labels are punycode: they display as Unicode and can imitate another site's name.
  if (subdomain.startsWith('xn--')) {
    return {
      ok: false,
      message: 'Subdomain cannot start with "xn--" (internationalized names are not supported)',
    };
  }
  // "v3--shop" is version 3 of the site "shop" (version-links.ts): no site may own that label.
  if (VERSION_LABEL.test(subdomain)) {
    return {
      ok: false,
      message: 'Subdomain cannot look like "v3--name": those names are the sites\' version links',
    };
  }
  if (RESERVED_SUBDOMAINS.has(subdomain)) {
    return {
      ok: false,
      message: `The subdomain "${subdomain}" is reserved. Please choose another.`,
    };
  }
  return { ok: true, subdomain };
}
