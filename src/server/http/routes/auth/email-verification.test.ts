import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain } from '../../../../../test/deploy';
import {
  mailedToken,
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { startTestSmtp, type TestSmtp } from '../../../../../test/smtp';
import { EMAIL_LINK_INVALID, EMAIL_TAKEN } from '../../../domain/accounts/email-verification';
import { hashToken } from '../../../lib/tokens';

const PASSWORD = 'correct horse battery';
const ADMIN = 'boss@example.com';

// E-mail ownership through HTTP, with the e-mails read from a local SMTP server as a mailbox.
describeEachDatabase('e-mail verification', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(dialect, { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const me = async (token: string) =>
    (await server.api('GET', '/api/auth/me', { token })).body.user;
  const open = (token: string) => server.api('POST', '/api/auth/verify-email', { body: { token } });
  const linkOf = (email: string) => mailedToken(server, email, { smtp });
  /** Moves every link of the user into the past, as if sent `ms` ago. */
  const age = (userId: string, ms: number) =>
    server.ctx.db
      .updateTable('email_verifications')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('user_id', '=', userId)
      .execute();
  const login = (email: string, password = PASSWORD) =>
    server.api('POST', '/api/auth/login', { body: { email, password } });

  it('sign-up answers emailVerified false and e-mails a link that confirms the address once', async () => {
    const { user, token } = await registerUser(server, { email: 'fresh@example.com' });
    expect(user).toMatchObject({ email: 'fresh@example.com', emailVerified: false, plan: 'FREE' });
    const mail = await smtp.waitForMail('fresh@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address');
    const link = await linkOf('fresh@example.com');
    // Only the token's hash is stored.
    const rows = await server.ctx.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ token_hash: hashToken(link) })]);
    expect(JSON.stringify(rows)).not.toContain(link);
    const opened = await open(link);
    expect(opened.status).toBe(200);
    expect(opened.body.email).toBe('fresh@example.com');
    expect(await me(token)).toMatchObject({ emailVerified: true });
    // Used once.
    const again = await open(link);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(EMAIL_LINK_INVALID);
  });

  it('refuses a link past its 24 hours', async () => {
    const { user, token } = await registerUser(server, { email: 'late@example.com' });
    const link = await linkOf('late@example.com');
    await server.ctx.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await open(link);
    expect(res.status).toBe(400);
    expect(await me(token)).toMatchObject({ emailVerified: false });
  });

  it('"Resend link" sends a new link that replaces the old one, at most one a minute', async () => {
    const { user, token } = await registerUser(server, { email: 'resend@example.com' });
    const first = await linkOf('resend@example.com');
    const tooSoon = await server.api('POST', '/api/auth/resend-verification', { token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.message).toMatch(/just sent a link/);
    await age(user.id, 2 * 60 * 1000);
    const resent = await server.api('POST', '/api/auth/resend-verification', { token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toContain('resend@example.com');
    await smtp.waitForMail('resend@example.com', 1);
    const second = await linkOf('resend@example.com');
    expect(second).not.toBe(first);
    expect((await open(first)).status).toBe(400);
    expect((await open(second)).status).toBe(200);
    const done = await server.api('POST', '/api/auth/resend-verification', { token });
    expect(done.body.message).toMatch(/already confirmed/);
    // Five an hour at most, however they are spaced.
    const other = await registerUser(server);
    for (let i = 0; i < 4; i++) {
      await age(other.user.id, 2 * 60 * 1000);
      const ok = await server.api('POST', '/api/auth/resend-verification', { token: other.token });
      expect(ok.status).toBe(200);
    }
    await age(other.user.id, 2 * 60 * 1000);
    const sixth = await server.api('POST', '/api/auth/resend-verification', {
      token: other.token,
    });
    expect(sixth.status).toBe(429);
  });

  it('an unconfirmed ADMIN_EMAILS address gets no admin powers; confirmed, it does', async () => {
    const squatter = await registerUser(server, { email: ADMIN });
    expect(squatter.user.plan).toBe('FREE');
    const console = await server.api('GET', '/api/admin/users', { token: squatter.token });
    expect(console.status).toBe(403);
    // A later sign-in changes nothing while the address is unproven.
    const signedIn = await login(ADMIN);
    expect(signedIn.body.user.plan).toBe('FREE');
    expect(
      (await server.api('GET', '/api/admin/users', { token: signedIn.body.token })).status,
    ).toBe(403);
    // The address's owner opens the link: the account is the admin's.
    expect((await open(await linkOf(ADMIN))).status).toBe(200);
    expect(await me(squatter.token)).toMatchObject({ plan: 'ADMIN', emailVerified: true });
    expect((await server.api('GET', '/api/admin/users', { token: squatter.token })).status).toBe(
      200,
    );
  });

  it('answers 403 EMAIL_NOT_VERIFIED to tokens, AI keys and custom domains until confirmed; deploys work', async () => {
    const { user, token } = await registerUser(server, { email: 'gated@example.com' });
    // A paid plan (as if bought earlier) does not lift the rule.
    await server.ctx.db
      .updateTable('users')
      .set({ plan: 'STARTER' })
      .where('id', '=', user.id)
      .execute();
    const deployed = await deployCode(server, token, uniqueSubdomain('gated'), htmlArtifact('g'));
    expect(deployed.status).toBe(201);
    const siteId = deployed.body.site.id;
    const attempts = () =>
      Promise.all([
        server.api('POST', '/api/tokens', { token, body: { name: 'ci', scope: 'deploy' } }),
        server.api('POST', '/api/api-keys', {
          token,
          body: { provider: 'CLAUDE', keyName: 'mine', apiKey: 'sk-ant-test-1234567890' },
        }),
        server.api('POST', `/api/sites/${siteId}/domain`, {
          token,
          body: { domain: 'www.gated-example.com' },
        }),
      ]);
    for (const res of await attempts()) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
      expect(res.body.error.message).toMatch(/^Confirm your e-mail address first/);
      expect(res.body.error.message).toContain('gated@example.com');
    }
    expect((await open(await linkOf('gated@example.com'))).status).toBe(200);
    const [tokenRes, keyRes, domainRes] = await attempts();
    expect(tokenRes!.status).toBe(201);
    expect(keyRes!.status).toBe(201);
    expect(domainRes!.status).toBe(200);
  });

  it('changes the address from a link sent to the new one, with a notice to the old one', async () => {
    const { token } = await registerVerifiedUser(server, { email: 'before@example.com' }, { smtp });
    const taken = await registerUser(server, { email: 'taken@example.com' });
    const change = (body: unknown) => server.api('POST', '/api/auth/email', { token, body });
    expect((await change({ newEmail: 'after@example.com' })).status).toBe(400);
    expect(
      (await change({ newEmail: 'after@example.com', currentPassword: 'not it at all' })).status,
    ).toBe(400);
    const clash = await change({ newEmail: taken.user.email, currentPassword: PASSWORD });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(EMAIL_TAKEN);
    const asked = await change({ newEmail: 'After@Example.com', currentPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain('after@example.com');
    // The old address is told; nothing has changed yet.
    const notice = await smtp.waitForMail('before@example.com', 1);
    expect(notice.subject).toBe('A change of your e-mail address was requested');
    expect(notice.text).toContain('after@example.com');
    expect(await me(token)).toMatchObject({ email: 'before@example.com' });
    const link = await mailedToken(server, 'after@example.com', { smtp });
    const opened = await open(link);
    expect(opened.status).toBe(200);
    expect(opened.body.email).toBe('after@example.com');
    expect(await me(token)).toMatchObject({ email: 'after@example.com', emailVerified: true });
    expect((await login('after@example.com')).status).toBe(200);
    expect((await login('before@example.com')).status).toBe(401);
    expect((await open(link)).status).toBe(400);
  });

  it('refuses a change whose new address another account took before the link was opened', async () => {
    const { user, token } = await registerVerifiedUser(server, {}, { smtp });
    const asked = await server.api('POST', '/api/auth/email', {
      token,
      body: { newEmail: 'contested@example.com', currentPassword: PASSWORD },
    });
    expect(asked.status).toBe(200);
    const link = await mailedToken(server, 'contested@example.com', { smtp });
    await registerUser(server, { email: 'contested@example.com' });
    const opened = await open(link);
    expect(opened.status).toBe(409);
    expect(await me(token)).toMatchObject({ email: user.email });
  });

  it('a reset link opened proves the address (the squatter password is replaced)', async () => {
    const { token } = await registerUser(server, { email: 'reset-proves@example.com' });
    await server.api('POST', '/api/auth/forgot-password', {
      body: { email: 'reset-proves@example.com' },
    });
    const reset = await mailedToken(server, 'reset-proves@example.com', {
      smtp,
      path: '/reset-password',
    });
    const res = await server.api('POST', '/api/auth/reset-password', {
      body: { token: reset, newPassword: 'the owner has it now' },
    });
    expect(res.status).toBe(200);
    // The squatter's session ended with the reset.
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    const owner = await login('reset-proves@example.com', 'the owner has it now');
    expect(owner.body.user.emailVerified).toBe(true);
  });
});
