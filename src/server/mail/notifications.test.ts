import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { waitUntil } from '../../../test/wait';

describeEachDatabase('plan and payment e-mails', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(dialect, {
      SMTP_URL: smtp.url,
      ABUSE_EMAIL: 'abuse@example.com',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const notWanted = (userId: string, notice: string) =>
    waitUntil(
      () =>
        server.logs.some((line) => {
          const entry = JSON.parse(line);
          return entry.userId === userId && entry.notice === notice;
        }),
      { what: `the ${notice} notice of ${userId} to be skipped` },
    );

  it('tells the owner of a plan change and a failed payment, in text and HTML', async () => {
    const { user } = await registerUser(server, { name: 'Ann' });
    // Sign-up's confirmation e-mail comes first.
    await smtp.waitForMail(user.email);
    server.ctx.events.emit('user.plan-changed', {
      userId: user.id,
      plan: 'FREE',
      previousPlan: 'PRO',
    });
    const plan = await smtp.waitForMail(user.email, 1);
    expect(plan.subject).toBe('Your plan changed: Pro → Free');
    expect(plan.text).toContain('up to 3 sites');
    expect(plan.text).toContain('Your sites keep serving');
    expect(plan.html).toContain('up to 3 sites');
    expect(plan.from?.text).toContain('no-reply@');

    server.ctx.events.emit('billing.payment-failed', {
      userId: user.id,
      amountDue: 999,
      currency: 'usd',
      nextAttemptAt: '2026-12-03T08:00:00.000Z',
    });
    const payment = await smtp.waitForMail(user.email, 2);
    expect(payment.subject).toBe('Your payment failed');
    expect(payment.text).toContain('$9.99');
    expect(payment.text).toContain('Manage Billing');
    expect(payment.text).toContain(`${server.ctx.config.appOrigin}/settings?tab=billing`);
    expect(payment.html).toContain('Manage Billing');
  });

  it('sends neither when switched off in Notifications', async () => {
    const { token, user } = await registerUser(server);
    // Sign-up's confirmation e-mail comes first.
    await smtp.waitForMail(user.email);
    const put = await server.api('PUT', '/api/auth/notifications', {
      token,
      body: { planChanged: false, paymentFailed: false },
    });
    expect(put.status).toBe(200);
    server.ctx.events.emit('user.plan-changed', {
      userId: user.id,
      plan: 'STARTER',
      previousPlan: 'FREE',
    });
    server.ctx.events.emit('billing.payment-failed', {
      userId: user.id,
      amountDue: null,
      currency: null,
      nextAttemptAt: null,
    });
    await notWanted(user.id, 'planChanged');
    await notWanted(user.id, 'paymentFailed');

    // switched on again, the next one goes: nothing else was waiting to be sent before it
    await server.api('PUT', '/api/auth/notifications', {
      token,
      body: { planChanged: true, paymentFailed: false },
    });
    server.ctx.events.emit('user.plan-changed', {
      userId: user.id,
      plan: 'PRO',
      previousPlan: 'STARTER',
    });
    const mail = await smtp.waitForMail(user.email, 1);
    expect(mail.subject).toBe('Your plan changed: Starter → Pro');
    expect(
      smtp.messages
        .filter((m) => m.to && JSON.stringify(m.to).includes(user.email))
        .map((m) => m.subject),
    ).toEqual(['Confirm your e-mail address', 'Your plan changed: Starter → Pro']);
  });

  it('sends each abuse report filed on /report to ABUSE_EMAIL, with the console link', async () => {
    const { user, token } = await registerUser(server);
    const subdomain = `reported-${Date.now().toString(36)}`;
    await server.api('POST', '/api/deployments/deploy/code', {
      token,
      body: { subdomain, code: '<h1>Totally your bank</h1>' },
    });
    const filed = await server.api('POST', '/api/reports', {
      body: {
        siteAddress: `http://${subdomain}.localhost:${server.port}/login`,
        category: 'phishing',
        description: 'It asks for my bank password.',
        reporterEmail: 'visitor@example.com',
      },
    });
    expect(filed.status).toBeLessThan(300);
    const mail = await smtp.waitForMail('abuse@example.com');
    expect(mail.subject).toContain('Phishing or fraud');
    expect(mail.subject).toContain(subdomain);
    expect(mail.text).toContain(user.email);
    expect(mail.text).toContain('It asks for my bank password.');
    expect(mail.text).toContain('visitor@example.com');
    expect(mail.html).toContain('/admin?tab=reports');
  });
});
