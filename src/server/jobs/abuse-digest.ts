import { deleteMailWindowsBefore, takeReportsForDigest } from '../db/queries/abuse-reports';
import { REPORT_MAIL_WINDOW_MS } from '../domain/operations/reports';
import { nowIso } from '../lib/ids';
import { abuseDigestMail, type AbuseDigestSite } from '../mailer/templates';
import type { Job } from './scheduler';

/**
 * Abuse reports that came in while their site's e-mail window was open, sent to ABUSE_EMAIL
 * in one e-mail each window; every report is in the console from the moment it is filed.
 */
export const abuseDigestJob: Job = {
  name: 'abuse-report-digest',
  everyMs: REPORT_MAIL_WINDOW_MS,
  async run(ctx) {
    const now = Date.now();
    await deleteMailWindowsBefore(ctx.db, nowIso(now - REPORT_MAIL_WINDOW_MS));
    const to = ctx.config.mail.abuseTo;
    // Without ABUSE_EMAIL the reports wait, unmailed, in the console.
    if (!to) return;
    const reports = await takeReportsForDigest(ctx.db, nowIso(now));
    if (reports.length === 0) return;
    const bySite = new Map<string, AbuseDigestSite>();
    for (const r of reports) {
      const site = bySite.get(r.site_address) ?? { siteAddress: r.site_address, reports: [] };
      site.reports.push({ category: r.category, description: r.description });
      bySite.set(r.site_address, site);
    }
    await ctx.mailer.send({
      to,
      ...abuseDigestMail({
        sites: [...bySite.values()],
        consoleUrl: `${ctx.config.appOrigin}/admin?tab=reports`,
      }),
    });
    return `mailed ${reports.length} abuse reports about ${bySite.size} sites in one digest`;
  },
};
