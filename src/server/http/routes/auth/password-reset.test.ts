import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  guestSession,
  registerUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { resetTokenOf, startTestSmtp, type TestSmtp } from '../../../../../test/smtp';
import { purgeExpiredSessions } from '../../../jobs/sessions';
import { nowIso } from '../../../lib/ids';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a much newer secret';
const REQUESTED =
  'If an account exists for that address, we have sent a link to reset its password.';
const INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

describeEachDatabase('forgot your password?', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(dialect, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const forgot = (email: unknown) =>
    server.api('POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    server.api('POST', '/api/auth/reset-password', { body: { token, newPassword } });
  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { body: { email, password } });

  it('e-mails a link that resets the password once and signs every session out', async () => {
    const { token, user } = await registerUser(server, { name: 'Ann <b>' });
    // Sign-up's confirmation e-mail comes first.
    await smtp.waitForMail(user.email);
    const elsewhere = (await login(user.email, PASSWORD)).body.token as string;
    const ended: string[] = [];
    const off = server.ctx.events.on('session.ended', (e) => {
      if (e.userId === user.id) ended.push(e.sessionId);
    });

    const asked = await forgot(`  ${user.email.toUpperCase()} `);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: REQUESTED });
    const mail = await smtp.waitForMail(user.email, 1);
    expect(mail.subject).toBe('Reset your Artifact Host password');
    expect(mail.text).toContain('one hour');
    expect(mail.text).toContain(`${server.ctx.config.appOrigin}/reset-password?token=`);
    expect(mail.html).toContain('href="http');
    // the name is escaped in the HTML part, kept as typed in the text part
    expect(mail.html).toContain('Ann &lt;b&gt;');
    expect(mail.text).toContain('Hello Ann <b>,');
    const resetToken = resetTokenOf(mail);
    // only a hash is stored
    const rows = await server.ctx.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(resetToken);

    const short = await reset(resetToken, 'short');
    expect(short.status).toBe(400);
    expect(short.body.error.message).toMatch('Password must be at least 8 characters long');

    const done = await reset(resetToken);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toMatch(/password has been changed/);
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token: elsewhere })).status).toBe(401);
    expect(ended).toHaveLength(2);
    off();
    expect((await login(user.email, PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset(resetToken, 'yet another secret');
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(INVALID);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers the same for unknown addresses and guests, and sends them nothing', async () => {
    const guest = await guestSession(server);
    const before = smtp.messages.length;
    const unknown = await forgot('nobody-here@example.com');
    const forGuest = await forgot(guest.user.email);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: REQUESTED });
    expect(forGuest.status).toBe(200);
    expect(forGuest.body).toEqual({ message: REQUESTED });
    // a known address's mail arrives after them; theirs never does
    const { user } = await registerUser(server);
    await smtp.waitForMail(user.email);
    await forgot(user.email);
    await smtp.waitForMail(user.email, 1);
    expect(smtp.messages.slice(before).map((m) => m.subject)).toEqual([
      'Confirm your e-mail address',
      'Reset your Artifact Host password',
    ]);

    const bad = await forgot('not an address');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a valid email address');
  });

  it('refuses unknown, superseded and expired links', async () => {
    expect((await reset('made-up-token')).body.error.message).toBe(INVALID);
    expect((await reset('')).status).toBe(400);

    const { user } = await registerUser(server);
    // Sign-up's confirmation e-mail comes first.
    await smtp.waitForMail(user.email);
    await forgot(user.email);
    const first = resetTokenOf(await smtp.waitForMail(user.email, 1));
    await forgot(user.email);
    const second = resetTokenOf(await smtp.waitForMail(user.email, 2));
    expect(second).not.toBe(first);
    const old = await reset(first);
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe(INVALID);

    // an hour later: the clock is moved by writing the row's expiry into the past
    await server.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: nowIso(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const late = await reset(second);
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(INVALID);
    expect((await login(user.email, PASSWORD)).status).toBe(200);

    // the sessions job takes expired links away
    await purgeExpiredSessions.run(server.ctx);
    const left = await server.ctx.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describeEachDatabase('forgot your password? is rate-limited', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });
  const forgot = (email: string) =>
    server.api('POST', '/api/auth/forgot-password', { body: { email } });

  it('per e-mail address, then per client address, whether or not the account exists', async () => {
    const { user } = await registerUser(server);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).status).toBe(200);
    const sixth = await forgot(user.email.toUpperCase());
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toMatch(/^Too many password reset requests for this address/);
    // 6 from this address so far; 14 more to other addresses reach its 20
    for (let i = 0; i < 14; i++) expect((await forgot(`other${i}@example.com`)).status).toBe(200);
    const refused = await forgot('one-more@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^Too many password reset requests from your network/,
    );
    // without SMTP_URL outside production the message is logged, so the link works locally
    expect(server.logs.join('\n')).toContain('/reset-password?token=');
  });
});
