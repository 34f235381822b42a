import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { hasControlCharacter } from '../../../shared/names';

// What a custom domain may be: a host name a site's owner can point at us with one DNS record.
// Pure: the server's own domains are handed in, so the rule is tested alone.

export const MAX_DOMAIN_LENGTH = 253;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface OwnDomains {
  /** Host names (no port) that are ours: the app's and the sites domain. */
  hosts: string[];
}

export type CustomDomainCheck =
  | {
      ok: true;
      domain: string;
      /** true for the registrable domain itself (example.com), false for a name under it (www.example.com) */
      apex: boolean;
    }
  | { ok: false; message: string };

const fail = (message: string): CustomDomainCheck => ({ ok: false, message });

/** Whether `domain` is `parent` or a name under it. */
function isWithin(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`);
}

/** Lower-cases, trims and judges a custom domain someone typed; the message says what to fix. */
export function checkCustomDomain(raw: string, own: OwnDomains): CustomDomainCheck {
  // Before trimming: a newline or NUL at either end is refused, not silently dropped.
  if (hasControlCharacter(raw)) {
    return fail('The domain contains invisible control characters. Please type it again.');
  }
  let domain = raw.trim().toLowerCase();
  if (!domain) return fail('Please enter a domain, such as www.example.com.');
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(domain) || domain.includes('/')) {
    return fail('Enter only the domain, such as www.example.com, without http:// or a path.');
  }
  // One trailing dot is the fully-qualified form of the same name.
  if (domain.endsWith('.') && !domain.endsWith('..')) domain = domain.slice(0, -1);
  if (domain.length > MAX_DOMAIN_LENGTH) {
    return fail(`A domain can be at most ${MAX_DOMAIN_LENGTH} characters long.`);
  }
  if (/^\[.*\](:\d+)?$/.test(domain) || parse(domain.replace(/:\d+$/, '')).isIp) {
    return fail(
      'Enter a domain name such as www.example.com, not an IP address. Custom domains are names you own at a domain registrar.',
    );
  }
  if (/:\d*$/.test(domain)) {
    return fail('Enter the domain without a port number (remove the ":" and what follows it).');
  }
  if (/[^\x20-\x7e]/.test(domain)) {
    return fail(
      'The domain may contain only the letters a-z, digits, hyphens and dots. For a domain with accents or other scripts, enter the form starting with "xn--" that your registrar shows.',
    );
  }
  const labels = domain.split('.');
  if (labels.includes('localhost')) {
    return fail('"localhost" names this computer only; enter a domain you own on the internet.');
  }
  if (labels.some((l) => !LABEL.test(l))) {
    return fail(
      'This is not a valid domain. Each part between dots must be 1 to 63 letters a-z, digits or hyphens, not starting or ending with a hyphen, such as www.example.com.',
    );
  }
  // "xn--" parts are internationalized names: only well-formed ones exist.
  if (labels.some((l) => l.startsWith('xn--'))) {
    const unicode = domainToUnicode(domain);
    if (!unicode || domainToASCII(unicode) !== domain) {
      return fail('This domain has an "xn--" part that is not a valid internationalized name.');
    }
  }
  for (const host of own.hosts) {
    if (host && isWithin(domain, host)) {
      return fail(
        `${domain} belongs to this service itself and cannot be used as a custom domain. Enter a domain you own.`,
      );
    }
  }
  const parsed = parse(domain, { allowPrivateDomains: true });
  if (!parsed.isIcann && !parsed.isPrivate) {
    return fail(
      `"${labels.at(-1)}" is not a public top-level domain. Enter a domain registered on the internet, such as www.example.com.`,
    );
  }
  if (!parsed.domain) {
    return fail(
      `${domain} is a public suffix that many people register names under, not a domain of its own. Enter your domain, such as example.${domain}.`,
    );
  }
  return { ok: true, domain, apex: parsed.domain === domain };
}
