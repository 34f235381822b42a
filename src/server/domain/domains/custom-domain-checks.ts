import { DOMAIN_RELEASE_GRACE_MS, releaseTimeInWords } from '../../../shared/custom-domain';
import type { DomainState } from '../../db/queries/sites';
import type { SiteRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import type { DnsVerdict } from './dns-verification';

// What a DNS check does to a custom domain's state: how long it may stay PENDING, how often it is
// looked at again, and when a lost one is released. Pure: the callers store and announce it.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** A domain still PENDING this long after it was added (or verified again) turns FAILED. */
export const PENDING_FOR_MS = 48 * HOUR;
/** How often a VERIFIED domain's record is looked at again. */
export const RECHECK_VERIFIED_MS = 24 * HOUR;
/** When DNS could not be asked at all, the next attempt comes this much later. */
const RETRY_UNANSWERED_MS = 15 * MINUTE;
/** How often a lost domain is looked at during its grace, so a fixed record is seen soon. */
const RECHECK_LOST_MS = HOUR;

/** When a lost domain stops showing its site and is released; null while it is not lost. */
export function releaseAtOf(
  site: Pick<SiteRow, 'custom_domain' | 'custom_domain_status' | 'domain_lost_at'>,
): string | null {
  if (!site.custom_domain || site.custom_domain_status !== 'VERIFIED' || !site.domain_lost_at) {
    return null;
  }
  return nowIso(Date.parse(site.domain_lost_at) + DOMAIN_RELEASE_GRACE_MS);
}

/** Backoff between checks of a PENDING domain: 1, 2, 4 ... minutes, at most an hour. */
export function pendingCheckDelayMs(failures: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, failures - 1), HOUR);
}

export const NO_CUSTOM_DOMAIN = {
  custom_domain: null,
  custom_domain_status: null,
  domain_message: null,
  domain_added_at: null,
  domain_pending_since: null,
  domain_checked_at: null,
  domain_next_check_at: null,
  domain_failures: 0,
  domain_lost_at: null,
  ssl_status: null,
  ssl_expires_at: null,
  ssl_message: null,
  ssl_next_attempt_at: null,
  ssl_failures: 0,
} as const satisfies Required<DomainState>;

/**
 * The domain state after a DNS check of `site` (as it was before the check). `manual`: the
 * owner pressed Verify, which starts a new 48-hour wait for a FAILED domain.
 */
export function stateAfterCheck(
  site: SiteRow,
  verdict: DnsVerdict,
  now: number,
  manual: boolean,
): DomainState {
  const checked = { domain_checked_at: nowIso(now) };
  if (verdict.verified) {
    // Newly verified (or found again after being lost): the certificate work looks now,
    // unless a certificate is already on its way or serving.
    const certificateDue =
      site.custom_domain_status !== 'VERIFIED' || site.domain_lost_at !== null
        ? site.ssl_status === 'ACTIVE' && site.ssl_next_attempt_at
          ? {}
          : { ssl_next_attempt_at: nowIso(now) }
        : {};
    return {
      ...checked,
      ...certificateDue,
      custom_domain_status: 'VERIFIED',
      domain_message: verdict.message,
      domain_pending_since: null,
      domain_next_check_at: nowIso(now + RECHECK_VERIFIED_MS),
      domain_failures: 0,
      domain_lost_at: null,
    };
  }
  if (site.custom_domain_status === 'VERIFIED') {
    if (!verdict.definite) {
      return { ...checked, domain_next_check_at: nowIso(now + RETRY_UNANSWERED_MS) };
    }
    const lostAt = site.domain_lost_at ?? nowIso(now);
    const releaseAt = Date.parse(lostAt) + DOMAIN_RELEASE_GRACE_MS;
    // The grace is over and the record is still elsewhere: the domain goes.
    if (now >= releaseAt) return NO_CUSTOM_DOMAIN;
    return {
      ...checked,
      custom_domain_status: 'VERIFIED',
      domain_message: `${verdict.message} Until the record points here again, ${site.custom_domain} will show this site only until ${releaseTimeInWords(nowIso(releaseAt))}; then it is released from this site. Meanwhile its certificate will not be renewed.`,
      domain_next_check_at: nowIso(Math.min(now + RECHECK_LOST_MS, releaseAt)),
      domain_failures: site.domain_failures + 1,
      domain_lost_at: lostAt,
    };
  }
  const since =
    manual && site.custom_domain_status === 'FAILED'
      ? now
      : Date.parse(site.domain_pending_since ?? site.domain_added_at ?? nowIso(now));
  const failures = site.domain_failures + 1;
  if (!manual && now - since >= PENDING_FOR_MS) {
    return {
      ...checked,
      custom_domain_status: 'FAILED',
      domain_message: `No DNS record pointing ${site.custom_domain} at this site was found within 48 hours. ${verdict.message} Once the record is in place, press Verify to try again.`,
      domain_next_check_at: null,
      domain_failures: failures,
    };
  }
  return {
    ...checked,
    custom_domain_status: 'PENDING',
    domain_message: verdict.message,
    domain_pending_since: nowIso(since),
    domain_next_check_at: nowIso(now + pendingCheckDelayMs(failures)),
    domain_failures: failures,
  };
}
