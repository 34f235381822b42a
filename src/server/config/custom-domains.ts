import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';

// Custom domains: where DNS questions go, the addresses an apex domain must point at, and
// where their certificates are ordered (off while ACME_DIRECTORY_URL is unset).

export interface CustomDomainSettings {
  /** DNS servers custom domains are checked with (`ip` or `ip:port`); empty: the system's. */
  dnsServers: string[];
  /** The address an apex custom domain's A record must hold; null: only subdomains (www) are accepted. */
  publicIpv4: string | null;
  /** The address its AAAA record must hold, when set. */
  publicIpv6: string | null;
  /** The ACME directory certificates are ordered from; null: no certificates (ssl_status stays PENDING). */
  acmeDirectoryUrl: string | null;
  /** The contact of the installation's ACME account. */
  acmeEmail: string | null;
}

export const CUSTOM_DOMAIN_VARIABLES = {
  DNS_SERVERS: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || parseDnsServers(v) !== null,
      'must be DNS server addresses separated by commas: 192.0.2.53, 192.0.2.53:5353 or [2001:db8::53]:53',
    ),
  PUBLIC_IPV4: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || isIPv4(v), 'must be an IPv4 address'),
  PUBLIC_IPV6: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || isIPv6(v), 'must be an IPv6 address'),
  ACME_DIRECTORY_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  ACME_EMAIL: z.email().optional(),
};

type CustomDomainVariables = z.infer<z.ZodObject<typeof CUSTOM_DOMAIN_VARIABLES>>;

export function customDomainSettings(e: CustomDomainVariables): CustomDomainSettings {
  return {
    dnsServers: e.DNS_SERVERS ? (parseDnsServers(e.DNS_SERVERS) ?? []) : [],
    publicIpv4: e.PUBLIC_IPV4 || null,
    publicIpv6: e.PUBLIC_IPV6 || null,
    acmeDirectoryUrl: e.ACME_DIRECTORY_URL ?? null,
    acmeEmail: e.ACME_EMAIL ?? null,
  };
}

/** `ip`, `ip:port` or `[ipv6]:port`, comma-separated, as dns.Resolver.setServers takes them; null if any is not. */
export function parseDnsServers(value: string): string[] | null {
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
    const withPort = /^([\d.]+):(\d{1,5})$/.exec(server);
    const [ip, port] = bracketed
      ? [bracketed[1]!, bracketed[2]]
      : withPort
        ? [withPort[1]!, withPort[2]]
        : [server, undefined];
    if (!isIPv4(ip) && !isIPv6(ip)) return null;
    if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  }
  return servers;
}
