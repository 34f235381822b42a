import type { DnsLookup } from '../../integrations/dns';

// Does the custom domain point at us? The answers of DNS (asked through integrations/dns.ts)
// read against the record the instructions name, in words for the site's owner.

export interface DnsVerdict {
  verified: boolean;
  /** What was found against what was expected, for the site's owner. */
  message: string;
  /** true when DNS gave an answer (records or "no such record"); false when it could not be asked */
  definite: boolean;
}

/** A host name as records compare: lower-cased, without the root's trailing dot. */
export function normalizeHost(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

type Answer = { records: string[] } | { none: true } | { error: string };

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

async function ask(lookup: () => Promise<string[]>): Promise<Answer> {
  try {
    const records = await lookup();
    return records.length ? { records } : { none: true };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (NO_RECORD.has(code)) return { none: true };
    return { error: code || (err instanceof Error ? err.message : String(err)) };
  }
}

const couldNotAsk = (domain: string, error: string): DnsVerdict => ({
  verified: false,
  definite: false,
  message: `The DNS records of ${domain} could not be looked up just now (${error}). We will try again.`,
});

/** Checks the record the instructions ask for; never throws. */
export async function verifyDns(
  lookup: DnsLookup,
  domain: string,
  expected: { cname: string } | { ipv4: string; ipv6: string | null },
): Promise<DnsVerdict> {
  if ('cname' in expected) {
    const want = normalizeHost(expected.cname);
    const answer = await ask(() => lookup.cname(domain));
    if ('error' in answer) return couldNotAsk(domain, answer.error);
    if ('none' in answer) {
      return {
        verified: false,
        definite: true,
        message: `${domain} has no CNAME record yet. Add a CNAME record for ${domain} with the value ${want}.`,
      };
    }
    const found = answer.records.map(normalizeHost);
    if (found.includes(want)) {
      return { verified: true, definite: true, message: `${domain} points to ${want}.` };
    }
    return {
      verified: false,
      definite: true,
      message: `${domain} points to ${found.join(', ')}, not ${want}. Change its CNAME record to ${want}.`,
    };
  }
  const checks: Array<{ type: 'A' | 'AAAA'; want: string; ask: () => Promise<string[]> }> = [
    { type: 'A', want: expected.ipv4, ask: () => lookup.a(domain) },
  ];
  if (expected.ipv6) {
    checks.push({ type: 'AAAA', want: expected.ipv6, ask: () => lookup.aaaa(domain) });
  }
  for (const check of checks) {
    const answer = await ask(check.ask);
    if ('error' in answer) return couldNotAsk(domain, answer.error);
    if ('none' in answer) {
      return {
        verified: false,
        definite: true,
        message: `${domain} has no ${check.type} record yet. Add an ${check.type} record for ${domain} with the value ${check.want}.`,
      };
    }
    const found = answer.records.map((r) => r.toLowerCase());
    // Every address must be ours: a visitor's browser picks any of them.
    if (found.length !== 1 || found[0] !== check.want.toLowerCase()) {
      return {
        verified: false,
        definite: true,
        message: `${domain} has the ${check.type} record ${found.join(', ')}, not ${check.want}. Make ${check.want} its only ${check.type} record.`,
      };
    }
  }
  return {
    verified: true,
    definite: true,
    message: `${domain} points to ${checks.map((c) => c.want).join(' and ')}.`,
  };
}
