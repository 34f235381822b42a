import type { DnsInstructions } from '../../../shared/site';
import type { Config } from '../../config';
import type { SiteRow } from '../../db/schema';
import { appHost, sitesHost } from '../../lib/urls';
import { checkCustomDomain, type OwnDomains } from './custom-domain-names';

// The DNS record a custom domain needs: a CNAME to the site's own address, or for an apex domain
// the server's public addresses, when it has them.

/** The host names that are this service's own and never anyone's custom domain. */
export function ownDomainsOf(config: Pick<Config, 'appOrigin' | 'sitesDomain'>): OwnDomains {
  return { hosts: [appHost(config), sitesHost(config)] };
}

export type Expected = { cname: string } | { ipv4: string; ipv6: string | null };

function isApex(config: Config, domain: string): boolean {
  const check = checkCustomDomain(domain, ownDomainsOf(config));
  return check.ok && check.apex;
}

export function expectedRecords(config: Config, site: SiteRow, domain: string): Expected {
  if (isApex(config, domain) && config.publicIpv4) {
    return { ipv4: config.publicIpv4, ipv6: config.publicIpv6 };
  }
  return { cname: `${site.subdomain}.${sitesHost(config)}` };
}

/** The record that points the domain at the site, and the same in words. */
export function instructionsFor(
  config: Config,
  site: SiteRow,
  domain: string,
): { instructions: DnsInstructions; message: string } {
  const expected = expectedRecords(config, site, domain);
  if ('cname' in expected) {
    return {
      instructions: { type: 'CNAME', name: domain, value: expected.cname },
      message: `Add a CNAME record for ${domain} with the value ${expected.cname} at your DNS provider, then press Verify.`,
    };
  }
  const aaaa = expected.ipv6
    ? ` and an AAAA record for ${domain} with the value ${expected.ipv6}`
    : '';
  return {
    instructions: { type: 'A', name: domain, value: expected.ipv4 },
    message: `Add an A record for ${domain} with the value ${expected.ipv4}${aaaa} at your DNS provider, then press Verify.`,
  };
}
