import type { AbuseCategory } from '../../../shared/admin';
import { sitesHost } from '../../lib/urls';
import type { AppContext } from '../../context';
import {
  abuseReportById,
  countReportsAboutSite,
  countReportsFromAddress,
  insertAbuseReport,
  listAbuseReports,
  openMailWindow,
  openReportLike,
  resolveAbuseReport,
  type AdminReportRow,
} from '../../db/queries/abuse-reports';
import { siteByCustomDomain, siteBySubdomain } from '../../db/queries/sites';
import { userById } from '../../db/queries/users';
import type { SiteRow, UserRow } from '../../db/schema';
import { badRequest, conflict, notFound, tooManyRequests } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { audit } from './audit';

/**
 * Reports one client address may file in an hour, counted in the database so the limit holds
 * across nodes. A person reporting a phishing wave files a few; a flood of reports is abuse
 * of the form itself.
 */
export const REPORTS_PER_ADDRESS_PER_HOUR = 5;
/**
 * Reports about one site an hour, from every address together: past this the operators know
 * already, and more reports only fill the console (30 addresses could file 150 otherwise).
 */
export const REPORTS_PER_SITE_PER_HOUR = 20;
/**
 * The first report about a site is e-mailed at once and opens this window; reports about it
 * within the window wait for the digest (jobs/abuse-digest.ts), one e-mail for all of them.
 */
export const REPORT_MAIL_WINDOW_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const SITE_REPORTED_OFTEN =
  'This site has been reported many times in the last hour. The operators have those reports and are looking at it, so yours was not added. Thank you for letting us know.';

export const NO_SUCH_SITE =
  'We could not find a site at that address. Please check it (for example my-site.example.com) and try again.';

/**
 * The host a visitor's text names: "https://a.sites.example/x?y", "a.sites.example:8080" or
 * just "a" (a subdomain) all work.
 */
export function hostOfAddress(address: string): string | null {
  const text = address.trim().toLowerCase();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`;
  try {
    const host = new URL(withScheme).hostname;
    return host && !host.includes(' ') ? host : null;
  } catch {
    return null;
  }
}

/** The site a host names: a subdomain of the sites domain, a bare subdomain, or a custom domain. */
async function siteOfHost(
  ctx: Pick<AppContext, 'db' | 'config'>,
  host: string,
): Promise<SiteRow | undefined> {
  const suffix = `.${sitesHost(ctx.config)}`;
  if (host.endsWith(suffix)) return siteBySubdomain(ctx.db, host.slice(0, -suffix.length));
  if (!host.includes('.')) return siteBySubdomain(ctx.db, host);
  return siteByCustomDomain(ctx.db, host);
}

export interface NewReport {
  siteAddress: string;
  category: AbuseCategory;
  description: string;
  reporterEmail?: string | undefined;
}

/**
 * Stores a visitor's report and tells the mail part; refused past the per-address and per-site
 * limits. The same kind of report about a site from the same address, while the earlier one
 * is open, is that report again: nothing new is stored or mailed.
 */
export async function fileAbuseReport(
  ctx: AppContext,
  input: NewReport,
  reporterAddress: string,
): Promise<{ reportId: string; alreadyReported: boolean }> {
  const now = Date.now();
  const recent = await countReportsFromAddress(ctx.db, reporterAddress, nowIso(now - HOUR_MS));
  if (recent >= REPORTS_PER_ADDRESS_PER_HOUR) {
    throw tooManyRequests(
      'You have sent several reports in the last hour. Thank you — we are looking at them. Please try again later, or write to us if it is urgent.',
      60 * 60,
    );
  }
  const host = hostOfAddress(input.siteAddress);
  const site = host ? await siteOfHost(ctx, host) : undefined;
  if (!host || !site) throw badRequest(NO_SUCH_SITE);
  const earlier = await openReportLike(ctx.db, {
    siteId: site.id,
    category: input.category,
    reporterAddress,
  });
  if (earlier) return { reportId: earlier, alreadyReported: true };
  if (
    (await countReportsAboutSite(ctx.db, site.id, nowIso(now - HOUR_MS))) >=
    REPORTS_PER_SITE_PER_HOUR
  ) {
    throw tooManyRequests(SITE_REPORTED_OFTEN, 60 * 60);
  }
  const owner = await userById(ctx.db, site.user_id);
  const id = newId();
  const createdAt = nowIso(now);
  const mailNow = await openMailWindow(
    ctx.db,
    site.id,
    createdAt,
    nowIso(now - REPORT_MAIL_WINDOW_MS),
  );
  await insertAbuseReport(ctx.db, {
    id,
    site_id: site.id,
    site_address: host,
    category: input.category,
    description: input.description,
    reporter_email: input.reporterEmail ?? null,
    reporter_address: reporterAddress,
    status: 'OPEN',
    resolved_at: null,
    resolved_by: null,
    resolution: null,
    created_at: createdAt,
    mailed_at: mailNow ? createdAt : null,
  });
  ctx.events.emit('abuse.reported', {
    reportId: id,
    siteId: site.id,
    siteAddress: host,
    ownerEmail: owner?.email ?? null,
    category: input.category,
    description: input.description,
    reporterEmail: input.reporterEmail ?? null,
    consoleUrl: `${ctx.config.appOrigin}/admin?tab=reports`,
    createdAt,
    batched: !mailNow,
  });
  return { reportId: id, alreadyReported: false };
}

export function listReports(
  ctx: Pick<AppContext, 'db'>,
  filter: { status: 'OPEN' | 'RESOLVED' | 'ALL'; siteId?: string | undefined },
): Promise<AdminReportRow[]> {
  return listAbuseReports(ctx.db, {
    ...(filter.status === 'ALL' ? {} : { status: filter.status }),
    ...(filter.siteId ? { siteId: filter.siteId } : {}),
  });
}

export async function resolveReport(
  ctx: AppContext,
  operator: UserRow,
  reportId: string,
  resolution: string | null,
): Promise<void> {
  const report = await abuseReportById(ctx.db, reportId);
  if (!report) throw notFound('Report not found');
  if (!(await resolveAbuseReport(ctx.db, reportId, operator.id, resolution, nowIso()))) {
    throw conflict('This report was resolved already.');
  }
  await audit(
    ctx,
    operator,
    'report.resolve',
    { type: 'report', id: report.id, label: report.site_address },
    resolution,
  );
}
