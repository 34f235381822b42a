import { releaseTimeInWords } from '../../../shared/custom-domain';
import type { DnsInstructions } from '../../../shared/site';
import type { AppContext } from '../../context';
import {
  setDomainState,
  siteByCustomDomain,
  sitesWithDomainCheckDue,
  type DomainState,
} from '../../db/queries/sites';
import { deleteCertificate } from '../../db/queries/certificates';
import { isUniqueViolation } from '../../db/errors';
import type { SiteRow, UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { createDnsLookup, type DnsLookup } from '../../integrations/dns';
import { nowIso } from '../../lib/ids';
import {
  NO_CUSTOM_DOMAIN,
  pendingCheckDelayMs,
  releaseAtOf,
  stateAfterCheck,
} from './custom-domain-checks';
import { checkCustomDomain } from './custom-domain-names';
import { expectedRecords, instructionsFor, ownDomainsOf } from './custom-domain-records';
import { verifyDns, type DnsVerdict } from './dns-verification';
import { assertEmailVerified, assertMayUseCustomDomains } from '../policy';
import { announceSiteChanged } from '../sites/site-changed';

// A site's custom domain: added PENDING, VERIFYING while the verify call looks it up, VERIFIED
// once its DNS record points at the site, FAILED when no record came within 48 hours. A
// VERIFIED domain is looked at daily; one whose record is gone (or points elsewhere) keeps
// serving for a grace period with domain_lost_at set (no certificate renewals meanwhile, the
// owner told), then is released. A domain belongs to whoever its DNS points at: adding one
// another site holds but DNS does not point at takes it over (domains go to whoever proves them).
// The record a domain needs is in custom-domain-records.ts; what a check changes, in
// custom-domain-checks.ts.

/** The custom-domain columns of a site row, as setDomainState takes them. */
function domainStateOf(row: SiteRow): Required<DomainState> {
  const state = {} as Record<string, unknown>;
  for (const key of Object.keys(NO_CUSTOM_DOMAIN)) state[key] = row[key as keyof SiteRow];
  return state as Required<DomainState>;
}

/** A domain that left its site takes its certificate along: nobody serves it any more. */
async function certificateGone(ctx: AppContext, domain: string): Promise<void> {
  await deleteCertificate(ctx.db, domain);
  ctx.events.emit('certificate.removed', { domain });
}

/** Tells the certificate work a domain became VERIFIED (or was found again). */
function domainVerified(ctx: AppContext, before: SiteRow, after: SiteRow): void {
  if (
    after.custom_domain &&
    after.custom_domain_status === 'VERIFIED' &&
    after.domain_lost_at === null &&
    (before.custom_domain_status !== 'VERIFIED' || before.domain_lost_at !== null)
  ) {
    ctx.events.emit('domain.verified', { siteId: after.id, domain: after.custom_domain });
  }
}

/**
 * A domain was taken off `site` without its owner asking: hosting drops it, its certificate
 * goes, and the owner is told why (by e-mail, on the node that did it).
 */
async function domainReleased(
  ctx: AppContext,
  site: SiteRow,
  domain: string,
  reason: 'dns-moved' | 'proven-elsewhere',
): Promise<void> {
  announceSiteChanged(ctx, site);
  await certificateGone(ctx, domain);
  ctx.events.emit('custom-domain.released', {
    siteId: site.id,
    userId: site.user_id,
    siteName: site.name,
    domain,
    reason,
  });
}

/**
 * Another site holds `domain`. Whoever's site the DNS record points at gets it: an unproven or
 * lost claim never blocks the domain's real owner. An apex domain's A record names this server,
 * not a site, so it proves nothing between two sites here: the holder keeps it.
 * Returns the DNS verdict that proved `site`, or throws 409 saying what would.
 */
async function proveAgainstHolder(
  ctx: AppContext,
  site: SiteRow,
  holder: SiteRow,
  domain: string,
  lookup: DnsLookup,
): Promise<DnsVerdict> {
  const expected = expectedRecords(ctx.config, site, domain);
  const releaseAt = releaseAtOf(holder);
  if (!('cname' in expected)) {
    throw conflict(
      releaseAt
        ? `${domain} is used by another site, and its DNS records no longer point there. It is released on ${releaseTimeInWords(releaseAt)} unless they are fixed; add it again after that.`
        : `${domain} is already used by another site.`,
    );
  }
  const verdict = await verifyDns(lookup, domain, expected);
  if (verdict.verified) return verdict;
  const record = `Add a CNAME record for ${domain} with the value ${expected.cname}`;
  if (holder.custom_domain_status !== 'VERIFIED') {
    throw conflict(
      `${domain} is already used by another site, which has not proven it yet. If the domain is yours: ${record}, then add it here again; the site its DNS points at gets it.`,
    );
  }
  if (releaseAt) {
    throw conflict(
      `${domain} is used by another site, and its DNS record no longer points there. It is released on ${releaseTimeInWords(releaseAt)}. If the domain is yours: ${record}, then add it here again to take it right away.`,
    );
  }
  throw conflict(`${domain} is already used by another site.`);
}

/** Gives the site a custom domain, PENDING until its DNS record is verified. */
export async function addCustomDomain(
  ctx: AppContext,
  user: UserRow,
  site: SiteRow,
  raw: string,
  lookup: DnsLookup = createDnsLookup(ctx.config),
): Promise<{ site: SiteRow; instructions: DnsInstructions; message: string }> {
  await assertMayUseCustomDomains(ctx.db, ctx.config, user);
  // The domain's notices (lost records, certificates) go to the address.
  assertEmailVerified(user);
  const check = checkCustomDomain(raw, ownDomainsOf(ctx.config));
  if (!check.ok) throw badRequest(check.message);
  const { domain } = check;
  if (check.apex && !ctx.config.publicIpv4) {
    throw badRequest(
      `This server accepts only subdomains such as www.${domain} as custom domains, because ${domain} itself would need an address record and none is set up here. Add www.${domain} instead.`,
    );
  }
  if (site.custom_domain === domain) {
    return { site, ...instructionsFor(ctx.config, site, domain) };
  }
  if (site.custom_domain) {
    throw conflict(
      `This site already has the custom domain ${site.custom_domain}. Remove it before adding another one.`,
    );
  }
  const holder = await siteByCustomDomain(ctx.db, domain);
  let proof: DnsVerdict | null = null;
  if (holder) {
    // A name that never got its record within 48 hours is not held against the next owner;
    // any other claim yields only to DNS pointing at the newcomer.
    if (holder.custom_domain_status !== 'FAILED') {
      proof = await proveAgainstHolder(ctx, site, holder, domain, lookup);
    }
    const released = await setDomainState(ctx.db, holder.id, NO_CUSTOM_DOMAIN, domain);
    if (released && proof) {
      await domainReleased(ctx, holder, domain, 'proven-elsewhere');
    } else {
      if (released) announceSiteChanged(ctx, released);
      await certificateGone(ctx, domain);
    }
  }
  const now = Date.now();
  const guide = instructionsFor(ctx.config, site, domain);
  const pending: SiteRow = {
    ...site,
    ...NO_CUSTOM_DOMAIN,
    custom_domain: domain,
    custom_domain_status: 'PENDING',
    domain_message: guide.message,
    domain_added_at: nowIso(now),
    domain_pending_since: nowIso(now),
    domain_next_check_at: nowIso(now + pendingCheckDelayMs(1)),
    // No certificate is ordered before the domain is VERIFIED (domain/domains/certificates.ts).
    ssl_status: 'PENDING',
  };
  let updated: SiteRow | undefined;
  try {
    updated = await setDomainState(ctx.db, site.id, {
      ...domainStateOf(pending),
      // Proven by the lookup just made: verified at once, like a Verify press.
      ...(proof ? stateAfterCheck(pending, proof, now, true) : {}),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`${domain} is already used by another site.`);
    throw err;
  }
  if (!updated) throw badRequest('This site no longer exists.');
  announceSiteChanged(ctx, updated);
  domainVerified(ctx, pending, updated);
  return { site: updated, ...guide };
}

/** Takes the custom domain off the site; the site answers on its subdomain only. */
export async function removeCustomDomain(ctx: AppContext, site: SiteRow): Promise<SiteRow> {
  if (!site.custom_domain) return site;
  const updated = await setDomainState(ctx.db, site.id, NO_CUSTOM_DOMAIN);
  if (!updated) return site;
  announceSiteChanged(ctx, updated);
  await certificateGone(ctx, site.custom_domain);
  return updated;
}

/** The verify call: VERIFYING while it looks, then VERIFIED or PENDING with what was found. */
export async function verifyCustomDomain(
  ctx: AppContext,
  user: UserRow,
  site: SiteRow,
  lookup: DnsLookup = createDnsLookup(ctx.config),
): Promise<{
  verified: boolean;
  message: string;
  instructions: DnsInstructions;
  site: SiteRow;
}> {
  await assertMayUseCustomDomains(ctx.db, ctx.config, user);
  const domain = site.custom_domain;
  if (!domain) throw badRequest('This site has no custom domain yet. Add one first.');
  const verifying = await setDomainState(
    ctx.db,
    site.id,
    { custom_domain_status: 'VERIFYING' },
    domain,
  );
  if (!verifying) throw conflict('The custom domain of this site changed meanwhile. Reload.');
  announceSiteChanged(ctx, verifying);
  const guide = instructionsFor(ctx.config, site, domain);
  const verdict = await verifyDns(lookup, domain, expectedRecords(ctx.config, site, domain));
  const state = stateAfterCheck(site, verdict, Date.now(), true);
  const updated = await setDomainState(ctx.db, site.id, state, domain);
  if (!updated) throw conflict('The custom domain of this site changed meanwhile. Reload.');
  announceSiteChanged(ctx, updated);
  domainVerified(ctx, site, updated);
  return {
    verified: verdict.verified,
    message: verdict.message,
    instructions: guide.instructions,
    site: updated,
  };
}

const CHECKS_PER_RUN = 200;
const CHECKS_AT_ONCE = 8;

/**
 * The re-check job: PENDING domains with backoff until 48 hours have passed (then FAILED),
 * VERIFIED ones daily, lost ones hourly until their grace ends (then released). Returns how
 * many it looked at and what changed.
 */
export async function recheckCustomDomains(
  ctx: AppContext,
  now = Date.now(),
  lookup: DnsLookup = createDnsLookup(ctx.config),
): Promise<{ checked: number; verified: number; failed: number; lost: number; released: number }> {
  const due = await sitesWithDomainCheckDue(ctx.db, nowIso(now), CHECKS_PER_RUN);
  const tally = { checked: 0, verified: 0, failed: 0, lost: 0, released: 0 };
  const checkOne = async (site: SiteRow) => {
    const domain = site.custom_domain;
    if (!domain) return;
    const verdict = await verifyDns(lookup, domain, expectedRecords(ctx.config, site, domain));
    const state = stateAfterCheck(site, verdict, now, false);
    const updated = await setDomainState(ctx.db, site.id, state, domain);
    tally.checked += 1;
    if (!updated) return;
    if (updated.custom_domain === null) {
      tally.released += 1;
      await domainReleased(ctx, site, domain, 'dns-moved');
      return;
    }
    if (updated.domain_lost_at && !site.domain_lost_at) {
      ctx.events.emit('custom-domain.lost', {
        siteId: updated.id,
        userId: updated.user_id,
        siteName: updated.name,
        domain,
        found: verdict.message,
        releaseAt: releaseAtOf(updated)!,
      });
    }
    const status = updated.custom_domain_status;
    if (status === 'VERIFIED' && site.custom_domain_status !== 'VERIFIED') tally.verified += 1;
    if (status === 'FAILED') tally.failed += 1;
    if (updated.domain_lost_at && !site.domain_lost_at) tally.lost += 1;
    if (status !== site.custom_domain_status || updated.domain_lost_at !== site.domain_lost_at) {
      announceSiteChanged(ctx, updated);
    }
    domainVerified(ctx, site, updated);
  };
  for (let i = 0; i < due.length; i += CHECKS_AT_ONCE) {
    await Promise.all(due.slice(i, i + CHECKS_AT_ONCE).map(checkOne));
  }
  return tally;
}
