import { afterAll, beforeAll, expect, it } from 'vitest';
import { ABUSE_CATEGORIES } from '../../../shared/admin';
import { describeEachDatabase } from '../../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain } from '../../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../../test/server';
import { startTestSmtp, type TestSmtp } from '../../../../test/smtp';
import { abuseDigestJob } from '../../jobs/abuse-digest';
import { REPORTS_PER_SITE_PER_HOUR, SITE_REPORTED_OFTEN } from './reports';

const ABUSE = 'abuse@example.com';

describeEachDatabase('a flood of abuse reports', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let token: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Behind a proxy, so that the test can speak from many addresses.
    server = await startTestServer(dialect, {
      SMTP_URL: smtp.url,
      ABUSE_EMAIL: ABUSE,
      TRUST_PROXY: 'true',
    });
    token = (await registerUser(server)).token;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const toAbuse = () => smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(ABUSE));
  const site = async () => {
    const subdomain = uniqueSubdomain('flood');
    expect((await deployCode(server, token, subdomain, htmlArtifact(subdomain))).status).toBe(201);
    return subdomain;
  };
  const report = (subdomain: string, from: string, category: string, description: string) =>
    server.api('POST', '/api/reports', {
      headers: { 'x-forwarded-for': from },
      body: { siteAddress: subdomain, category, description },
    });

  it('150 reports about one site from 30 addresses: the per-site cap, and two e-mails', async () => {
    const subdomain = await site();
    const before = toAbuse().length;
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const category = ABUSE_CATEGORIES[Math.floor(i / 30) % ABUSE_CATEGORIES.length]!;
      const res = await report(subdomain, `203.0.113.${i % 30}`, category, `flood report ${i}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error.message).toBe(SITE_REPORTED_OFTEN);
        expect(res.headers.get('retry-after')).toBe('3600');
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(REPORTS_PER_SITE_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - REPORTS_PER_SITE_PER_HOUR);

    // The first report is mailed at once; the rest wait for the digest.
    const first = await smtp.waitForMail(ABUSE, before);
    expect(first.subject).toContain(subdomain);
    expect(first.text).toContain('flood report 0');
    await abuseDigestJob.run(server.ctx);
    const digest = await smtp.waitForMail(ABUSE, before + 1);
    expect(digest.subject).toBe(
      `Abuse reports: ${REPORTS_PER_SITE_PER_HOUR - 1} more abuse reports about 1 site`,
    );
    expect(digest.text).toContain(`${REPORTS_PER_SITE_PER_HOUR - 1} × Phishing or fraud`);
    expect(digest.text).toContain('/admin?tab=reports');
    // Nothing is left for a second digest.
    await abuseDigestJob.run(server.ctx);
    expect(toAbuse()).toHaveLength(before + 2);

    // The console has every stored report.
    const siteId = (await server.api('GET', '/api/sites', { token })).body.sites.find(
      (s: { subdomain: string }) => s.subdomain === subdomain,
    ).id;
    const rows = await server.ctx.db
      .selectFrom('abuse_reports')
      .select('id')
      .where('site_id', '=', siteId)
      .execute();
    expect(rows).toHaveLength(REPORTS_PER_SITE_PER_HOUR);
  });

  it('the same report again from the same visitor is the open one, not a new one', async () => {
    const subdomain = await site();
    const filed = await report(subdomain, '198.51.100.40', 'spam', 'It sends spam mail.');
    expect(filed.status).toBe(201);
    expect(filed.body).toEqual({ ok: true, reportId: expect.any(String), alreadyReported: false });
    const again = await report(subdomain, '198.51.100.40', 'spam', 'Still sending spam mail.');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, reportId: filed.body.reportId, alreadyReported: true });
    // Another kind, or another visitor, is another report.
    expect(
      (await report(subdomain, '198.51.100.40', 'malware', 'A download is a virus.')).status,
    ).toBe(201);
    expect((await report(subdomain, '198.51.100.41', 'spam', 'It sends spam mail.')).status).toBe(
      201,
    );
  });
});
