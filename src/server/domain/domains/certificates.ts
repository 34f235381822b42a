import type { AppContext } from '../../context';
import {
  claimCertificateWork,
  countAcmeOrdersSince,
  deleteAcmeChallenge,
  deleteAcmeOrdersBefore,
  deleteExpiredAcmeChallenges,
  installationSecret,
  keepInstallationSecret,
  putAcmeChallenge,
  putCertificate,
  recordAcmeOrder,
  setSslState,
  sitesWithCertificateDue,
} from '../../db/queries/certificates';
import type { SiteRow } from '../../db/schema';
import { newAccountKey, orderCertificate, type IssuedCertificate } from '../../integrations/acme';
import { nowIso } from '../../lib/ids';
import { open, seal } from '../../lib/secret-box';
import { announceSiteChanged } from '../sites/site-changed';

// Certificates of VERIFIED custom domains, ordered over ACME with HTTP-01. The work runs
// outside requests: on 'domain.verified' (at once) and from the job (the safety net, retries
// and renewals). The database holds the claim on each site, so two nodes never order for the
// same domain at once, and it holds the challenges, so whichever node the CA reaches answers.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** New orders per installation per hour: far below Let's Encrypt's limits, so a flood of
 * domains (or a bug) cannot get the installation's account rate-limited. */
export const ORDERS_PER_HOUR = 50;
/** A certificate is renewed this long before it expires. */
export const RENEW_BEFORE_MS = 30 * DAY;
/** How long one node holds a site while it orders; past this another node may take over. */
const CLAIM_MS = 10 * MINUTE;
const CHALLENGE_TTL_MS = HOUR;
/** While ACME is not configured, due sites are looked at again this much later. */
const DISABLED_RECHECK_MS = DAY;
const SITES_PER_RUN = 20;
const ACCOUNT_KEY = 'acme_account_key';

export const CERTIFICATES_OFF_MESSAGE =
  'Certificates are not set up on this server (ACME_DIRECTORY_URL is unset): the domain is served over HTTP only.';

/** Wait before the next attempt after `failures` failed orders: 5 minutes doubling, at most a day. */
export function orderRetryDelayMs(failures: number): number {
  return Math.min(5 * MINUTE * 2 ** Math.max(0, failures - 1), DAY);
}

/** The installation's ACME account key, made on first use and kept encrypted. */
async function accountKey(ctx: AppContext): Promise<string> {
  const stored = await installationSecret(ctx.db, ACCOUNT_KEY);
  if (stored) return open(ctx.config.secretKey, stored);
  const key = await newAccountKey();
  // Two nodes may both make one: the first stored wins and both use it.
  const kept = await keepInstallationSecret(ctx.db, ACCOUNT_KEY, seal(ctx.config.secretKey, key));
  return open(ctx.config.secretKey, kept);
}

/** One ACME order for `domain`, HTTP-01 answered from the acme_challenges table. */
async function orderCertificateOf(ctx: AppContext, domain: string): Promise<IssuedCertificate> {
  const directoryUrl = ctx.config.acmeDirectoryUrl;
  if (!directoryUrl) throw new Error(CERTIFICATES_OFF_MESSAGE);
  return orderCertificate({
    directoryUrl,
    accountKey: await accountKey(ctx),
    email: ctx.config.acmeEmail,
    domain,
    // In the database, so whichever node the CA reaches answers.
    answers: {
      put: (token, keyAuthorization) =>
        putAcmeChallenge(ctx.db, token, keyAuthorization, nowIso(Date.now() + CHALLENGE_TTL_MS)),
      remove: (token) => deleteAcmeChallenge(ctx.db, token),
    },
  });
}

/** Orders (or renews) the certificate of one claimed site and records the outcome. */
async function provision(ctx: AppContext, site: SiteRow, domain: string): Promise<boolean> {
  const renewing = site.ssl_status === 'ACTIVE';
  try {
    const issued = await orderCertificateOf(ctx, domain);
    await putCertificate(ctx.db, {
      domain,
      cert_pem: issued.certPem,
      key_pem: seal(ctx.config.secretKey, issued.keyPem),
      expires_at: issued.expiresAt,
      issued_at: issued.issuedAt,
    });
    const updated = await setSslState(ctx.db, site.id, domain, {
      ssl_status: 'ACTIVE',
      ssl_expires_at: issued.expiresAt,
      ssl_message: null,
      ssl_failures: 0,
      ssl_next_attempt_at: nowIso(Date.parse(issued.expiresAt) - RENEW_BEFORE_MS),
    });
    ctx.events.emit('certificate.issued', { domain, expiresAt: issued.expiresAt });
    if (updated) announceSiteChanged(ctx, updated);
    ctx.log.info({ domain, expiresAt: issued.expiresAt }, 'certificate issued');
    return true;
  } catch (err) {
    const failures = site.ssl_failures + 1;
    const reason = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ err, domain, failures }, 'certificate order failed');
    // A renewal that failed leaves the current certificate serving until it expires.
    const updated = await setSslState(ctx.db, site.id, domain, {
      ssl_status: renewing ? 'ACTIVE' : 'FAILED',
      ssl_message: `${renewing ? 'Renewing' : 'Getting'} the certificate of ${domain} failed: ${reason} It will be tried again.`,
      ssl_failures: failures,
      ssl_next_attempt_at: nowIso(Date.now() + orderRetryDelayMs(failures)),
    });
    if (updated) announceSiteChanged(ctx, updated);
    return false;
  }
}

export interface CertificateTally {
  issued: number;
  failed: number;
  capped: number;
}

/**
 * The certificate work: first orders, retries and renewals of VERIFIED domains whose time has
 * come (`now`: the clock the due times are read with). Only domains without domain_lost_at.
 */
export async function runCertificateWork(
  ctx: AppContext,
  now = Date.now(),
): Promise<CertificateTally> {
  const tally: CertificateTally = { issued: 0, failed: 0, capped: 0 };
  const due = await sitesWithCertificateDue(ctx.db, nowIso(now), SITES_PER_RUN);
  if (!ctx.config.acmeDirectoryUrl) {
    for (const site of due) {
      if (!site.custom_domain) continue;
      const updated = await setSslState(ctx.db, site.id, site.custom_domain, {
        ssl_message: CERTIFICATES_OFF_MESSAGE,
        ssl_next_attempt_at: nowIso(now + DISABLED_RECHECK_MS),
      });
      if (updated) announceSiteChanged(ctx, updated);
    }
    return tally;
  }
  await deleteExpiredAcmeChallenges(ctx.db, nowIso());
  await deleteAcmeOrdersBefore(ctx.db, Date.now() - HOUR);
  for (const site of due) {
    const domain = site.custom_domain;
    if (!domain) continue;
    if ((await countAcmeOrdersSince(ctx.db, Date.now() - HOUR)) >= ORDERS_PER_HOUR) {
      // Left due: the next run after the hour has room picks them up.
      tally.capped = due.length - tally.issued - tally.failed;
      ctx.log.warn({ cap: ORDERS_PER_HOUR }, 'certificate orders per hour reached; the rest wait');
      break;
    }
    const claimed = await claimCertificateWork(
      ctx.db,
      site,
      nowIso(now),
      nowIso(Math.max(now, Date.now()) + CLAIM_MS),
    );
    if (!claimed) continue;
    if (claimed.ssl_status !== site.ssl_status) announceSiteChanged(ctx, claimed);
    await recordAcmeOrder(ctx.db, domain, Date.now());
    if (await provision(ctx, claimed, domain)) tally.issued += 1;
    else tally.failed += 1;
  }
  return tally;
}
