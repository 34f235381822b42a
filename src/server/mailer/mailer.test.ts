import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createMailer } from './mailer';
import { passwordResetMail, paymentFailedMail, planChangedMail } from './templates';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, log: createLogger('debug', sink) };
}

const message = {
  to: 'ann@example.com',
  ...passwordResetMail({ name: 'Ann', url: 'http://localhost:3000/reset-password?token=SECRET' }),
};

describe('mailer without SMTP_URL', () => {
  it('writes the whole message to the log in development, on one line', async () => {
    const { lines, log } = capture();
    const mailer = createMailer(loadConfig({ NODE_ENV: 'development' }), log);
    expect(await mailer.send(message)).toBe(false);
    const line = lines.find((l) => l.includes('ann@example.com'))!;
    expect(JSON.parse(line).level).toBe(30);
    expect(line).toContain('Reset your Artifact Host password');
    expect(line).toContain('token=SECRET');
  });

  it('in production says e-mail is off and never logs the link', async () => {
    const { lines, log } = capture();
    const mailer = createMailer(
      loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32) }),
      log,
    );
    expect(await mailer.send(message)).toBe(false);
    const all = lines.join('\n');
    expect(all).toContain('e-mail is off');
    expect(all).toContain('was not sent');
    expect(all).not.toContain('SECRET');
    expect(lines.every((l) => JSON.parse(l).level === 40)).toBe(true);
  });

  it('logs a failed send and does not throw', async () => {
    const { lines, log } = capture();
    // a port nothing listens on
    const mailer = createMailer(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }), log);
    expect(await mailer.send(message)).toBe(false);
    expect(lines.join('\n')).toContain('e-mail failed');
    mailer.close();
  });

  it('uses MAIL_FROM, or no-reply at the host of APP_ORIGIN', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://host.example' }).mail.from).toBe(
      'Artifact Host <no-reply@host.example>',
    );
    expect(loadConfig({ MAIL_FROM: 'Ops <ops@x.example>' }).mail.from).toBe('Ops <ops@x.example>');
  });
});

describe('templates', () => {
  it('plan changed: what the new limit means, and for a downgrade that sites keep serving', () => {
    const up = planChangedMail({ name: null, from: 'FREE', to: 'PRO', settingsUrl: 'u' });
    expect(up.subject).toBe('Your plan changed: Free → Pro');
    expect(up.text).toContain('unlimited sites');
    expect(up.text).not.toContain('keep serving');
    const down = planChangedMail({ name: 'A&B', from: 'PRO', to: 'FREE', settingsUrl: 'u' });
    expect(down.text).toContain('up to 3 sites');
    expect(down.text).toContain('Your sites keep serving');
    expect(down.html).toContain('A&amp;B');
  });

  it('payment failed: amount, next attempt and Manage Billing', () => {
    const mail = paymentFailedMail({
      name: 'Ann',
      amountDue: 499,
      currency: 'usd',
      nextAttemptAt: '2026-12-01T10:00:00.000Z',
      billingUrl: 'http://localhost:3000/settings?tab=billing',
    });
    expect(mail.text).toContain('$4.99');
    expect(mail.text).toContain('Tue, 01 Dec 2026 10:00 UTC');
    expect(mail.text).toContain('Manage Billing: http://localhost:3000/settings?tab=billing');
    expect(mail.html).toContain('href="http://localhost:3000/settings?tab=billing"');
  });
});
