import { promises as dns } from 'node:dns';
import type { Config } from '../config';

// The DNS servers of DNS_SERVERS (the system's when unset), asked for the records a custom
// domain's instructions name. What the answers prove is the domain's rule
// (domain/domains/dns-verification.ts). Tests point DNS_SERVERS at a DNS server of their own.

/** One lookup per record type; each rejects with the resolver's error code (ENODATA, …). */
export interface DnsLookup {
  cname(name: string): Promise<string[]>;
  a(name: string): Promise<string[]>;
  aaaa(name: string): Promise<string[]>;
}

const LOOKUP_TIMEOUT_MS = 3000;

export function createDnsLookup(config: Pick<Config, 'dnsServers'>): DnsLookup {
  const resolver = new dns.Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  return {
    cname: (name) => resolver.resolveCname(name),
    a: (name) => resolver.resolve4(name),
    aaaa: (name) => resolver.resolve6(name),
  };
}
