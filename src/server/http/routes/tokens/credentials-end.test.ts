import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CreateAccessTokenResponseSchema,
  MAX_ACCESS_TOKENS_PER_ACCOUNT,
  type CreateAccessTokenResponse,
} from '../../../../shared/access-token';
import { EndSessionsResponseSchema } from '../../../../shared/account';
import { EVENTS, type JoinAck } from '../../../../shared/events';
import { ChangePasswordResponseSchema } from '../../../../shared/user';
import { describeEachDatabase } from '../../../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain } from '../../../../../test/deploy';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../../../../test/server';
import { resetTokenOf, startTestSmtp, type TestSmtp } from '../../../../../test/smtp';
import { waitForEvent } from '../../../../../test/wait';
import { nowIso } from '../../../lib/ids';

// Credentials end together: whatever ends a person's sessions for safety's sake ends the
// access tokens minted with them, and a socket lives no longer than the token that opened it.

const PASSWORD = 'correct horse battery';
const OPERATOR = 'ops-credentials@example.com';

describeEachDatabase('credentials end together', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(dialect, { SMTP_URL: smtp.url, ADMIN_EMAILS: OPERATOR });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const mint = async (
    session: string,
    body: Record<string, unknown> = { name: 'ci', scope: 'deploy' },
  ): Promise<CreateAccessTokenResponse> => {
    const res = await server.api('POST', '/api/tokens', { token: session, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return CreateAccessTokenResponseSchema.parse(res.body);
  };
  const works = async (credential: string) =>
    (await server.api('GET', '/api/sites', { token: credential })).status;
  const login = async (email: string, password = PASSWORD) => {
    const res = await server.api('POST', '/api/auth/login', { body: { email, password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.token as string;
  };
  /** A socket authenticated by `secret`, once it has joined one of its user's rooms. */
  const tokenSocket = async (secret: string, siteId: string): Promise<Socket> => {
    const socket = io(server.url, { transports: ['websocket'], auth: { token: secret } });
    const ack = await new Promise<JoinAck>((resolve) =>
      socket.emit(EVENTS.joinSite, siteId, resolve),
    );
    expect(ack).toEqual({ ok: true });
    return socket;
  };
  const siteOf = async (session: string) => {
    const res = await deployCode(server, session, uniqueSubdomain('cred'), htmlArtifact('cred'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.site.id as string;
  };

  it("a token is refused after the owner's password reset, and the e-mail and page say so", async () => {
    const { token: session, user } = await registerVerifiedUser(server, {}, { smtp });
    const { secret } = await mint(session);
    expect(await works(secret)).toBe(200);

    expect(
      (await server.api('POST', '/api/auth/forgot-password', { body: { email: user.email } }))
        .status,
    ).toBe(200);
    const mail = await smtp.waitForMail(user.email, 1);
    const reset = await server.api('POST', '/api/auth/reset-password', {
      body: { token: resetTokenOf(mail), newPassword: 'a much newer secret' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    const refused = await server.api('GET', '/api/sites', { token: secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/revoked/);
    expect(reset.body.message).toMatch(/every access token has been revoked/);
    expect(mail.text).toContain('revokes every access token');
    const left = await server.ctx.db
      .selectFrom('access_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('"sign out everywhere" revokes every access token as well', async () => {
    const { token: session, user } = await registerVerifiedUser(server, {}, { smtp });
    const other = await login(user.email);
    const deploy = await mint(session);
    const read = await mint(session, { name: 'dashboard', scope: 'read' });

    const res = await server.api('DELETE', '/api/auth/sessions', { token: session });
    expect(res.status).toBe(200);
    expect(EndSessionsResponseSchema.parse(res.body)).toEqual({
      endedSessions: 1,
      revokedTokens: 2,
    });
    for (const credential of [other, deploy.secret, read.secret]) {
      expect(await works(credential)).toBe(401);
    }
    // the browser that asked stays signed in
    expect(await works(session)).toBe(200);
  });

  it('a password change with the option (on unless turned off) revokes tokens; without it they stay', async () => {
    const { token: session, user } = await registerVerifiedUser(server, {}, { smtp });
    const kept = await mint(session);
    const otherKept = await login(user.email);
    const change = (currentPassword: string, newPassword: string, extra = {}) =>
      server.api('POST', '/api/auth/password', {
        token: session,
        body: { currentPassword, newPassword, ...extra },
      });

    const without = await change(PASSWORD, 'second password here', { signOutEverywhere: false });
    expect(without.status, JSON.stringify(without.body)).toBe(200);
    expect(ChangePasswordResponseSchema.parse(without.body)).toEqual({
      endedSessions: 0,
      revokedTokens: 0,
    });
    expect(await works(kept.secret)).toBe(200);
    expect(await works(otherKept)).toBe(200);

    const withOption = await change('second password here', 'third password here');
    expect(ChangePasswordResponseSchema.parse(withOption.body)).toEqual({
      endedSessions: 1,
      revokedTokens: 1,
    });
    expect(await works(kept.secret)).toBe(401);
    expect(await works(otherKept)).toBe(401);
    expect(await works(session)).toBe(200);
  });

  it('a socket authenticated by a token is disconnected when the token is revoked, on its own or with the rest', async () => {
    const { token: session } = await registerVerifiedUser(server, {}, { smtp });
    const siteId = await siteOf(session);
    const one = await mint(session, { name: 'watcher', scope: 'read' });
    const socket = await tokenSocket(one.secret, siteId);
    try {
      const dropped = waitForEvent<string>(socket, 'disconnect');
      const res = await server.api('DELETE', `/api/tokens/${one.token.id}`, { token: session });
      expect(res.status).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      socket.close();
    }

    // sign out everywhere: the socket of every token drops, the session's own stays
    const two = await mint(session, { name: 'cli', scope: 'deploy' });
    const tokenSide = await tokenSocket(two.secret, siteId);
    const sessionSide = await tokenSocket(session, siteId);
    try {
      const dropped = waitForEvent<string>(tokenSide, 'disconnect');
      expect((await server.api('DELETE', '/api/auth/sessions', { token: session })).status).toBe(
        200,
      );
      expect(await dropped).toBe('io server disconnect');
      expect(sessionSide.connected).toBe(true);
    } finally {
      tokenSide.close();
      sessionSide.close();
    }
  });

  it('a socket authenticated by a token is disconnected when its account is suspended', async () => {
    const operator = await registerVerifiedUser(server, {}, { smtp });
    await server.ctx.db
      .updateTable('users')
      .set({ plan: 'ADMIN' })
      .where('id', '=', operator.user.id)
      .execute();
    const opToken = operator.token;
    const { token: session, user } = await registerVerifiedUser(server, {}, { smtp });
    const siteId = await siteOf(session);
    const one = await mint(session, { name: 'watcher', scope: 'read' });
    const socket = await tokenSocket(one.secret, siteId);
    try {
      const dropped = waitForEvent<string>(socket, 'disconnect');
      const res = await server.api('POST', `/api/admin/users/${user.id}/suspend`, {
        token: opToken,
        body: { reason: 'spam' },
      });
      expect(res.status).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      socket.close();
    }
  });

  it('a socket authenticated by a token is disconnected when the token expires', async () => {
    const { token: session } = await registerVerifiedUser(server, {}, { smtp });
    const siteId = await siteOf(session);
    const made = await mint(session, { name: 'short', scope: 'read', expiresInDays: 7 });
    // Seven days is the shortest expiry the API gives: bring this one's end close instead.
    await server.ctx.db
      .updateTable('access_tokens')
      .set({ expires_at: nowIso(Date.now() + 1500) })
      .where('id', '=', made.token.id)
      .execute();
    const socket = await tokenSocket(made.secret, siteId);
    try {
      expect(await waitForEvent<string>(socket, 'disconnect', () => true, 10_000)).toBe(
        'io server disconnect',
      );
    } finally {
      socket.close();
    }
    expect(await works(made.secret)).toBe(401);
  });

  it("an ADMIN's tokens never reach /api/admin (403 with words), the ADMIN's session does", async () => {
    const { token: session } = await registerVerifiedUser(server, { email: OPERATOR }, { smtp });
    expect((await server.api('GET', '/api/admin/users', { token: session })).status).toBe(200);
    const read = await mint(session, { name: 'ops read', scope: 'read' });
    const deploy = await mint(session, { name: 'ops deploy', scope: 'deploy' });
    const calls: Array<[string, string, string, unknown?]> = [
      ['GET', '/api/admin/users', read.secret],
      ['GET', '/api/admin/sites?q=a', read.secret],
      ['GET', '/api/admin/audit', read.secret],
      ['GET', '/api/admin/no-such-page', read.secret],
      ['GET', '/api/admin/users', deploy.secret],
      ['POST', '/api/admin/announcements', deploy.secret, { message: 'hi', level: 'info' }],
    ];
    for (const [method, path, credential, body] of calls) {
      const res = await server.api(method, path, {
        token: credential,
        ...(body ? { body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message, `${method} ${path}`).toMatch(
        /Access tokens cannot open the operators’ console/,
      );
      expect(JSON.stringify(res.body)).not.toContain('@');
    }
  });

  it(`the ${MAX_ACCESS_TOKENS_PER_ACCOUNT + 1}st token is refused with words; revoking one makes room`, async () => {
    const { token: session, user } = await registerVerifiedUser(server, {}, { smtp });
    // 45 one by one, then 10 at once: exactly 50 exist whatever order they land in.
    const first = [];
    for (let i = 0; i < MAX_ACCESS_TOKENS_PER_ACCOUNT - 5; i += 1) {
      first.push(await mint(session, { name: `token ${i}` }));
    }
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.api('POST', '/api/tokens', { token: session, body: { name: `race ${i}` } }),
      ),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(5);
    for (const refused of racing.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(
        `You already have ${MAX_ACCESS_TOKENS_PER_ACCOUNT} access tokens`,
      );
    }
    const held = await server.ctx.db
      .selectFrom('access_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(held).toHaveLength(MAX_ACCESS_TOKENS_PER_ACCOUNT);

    const extra = await server.api('POST', '/api/tokens', {
      token: session,
      body: { name: 'one too many' },
    });
    expect(extra.status).toBe(409);
    expect(extra.body.error.message).toMatch(/Revoke one you no longer use/);

    const revoked = await server.api('DELETE', `/api/tokens/${first[0]!.token.id}`, {
      token: session,
    });
    expect(revoked.status).toBe(200);
    await mint(session, { name: 'room again' });
  });
});
