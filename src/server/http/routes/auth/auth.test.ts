import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  guestSession,
  registerUser,
  verifyEmailOf,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';

describeEachDatabase('auth API', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => server.close());

  describe('register', () => {
    it('creates an account, trims and lower-cases the email, and signs in', async () => {
      const res = await server.api('POST', '/api/auth/register', {
        body: { email: '  Ann@Example.COM ', password: 'long enough', name: '  Ann ' },
      });
      expect(res.status).toBe(201);
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.user).toMatchObject({
        email: 'ann@example.com',
        name: 'Ann',
        plan: 'FREE',
        isGuest: false,
      });
      expect(res.headers.get('set-cookie')).toMatch(/auth_token=.*HttpOnly/i);
      expect(res.headers.get('set-cookie')).not.toMatch(/Domain=/i);
    });

    it('refuses a duplicate email whatever its case with 409', async () => {
      await registerUser(server, { email: 'dup@example.com' });
      const res = await server.api('POST', '/api/auth/register', {
        body: { email: 'DUP@example.com', password: 'long enough' },
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        message: 'An account with this email already exists.',
        code: 'CONFLICT',
      });
    });

    it('refuses a short password, saying how long it must be', async () => {
      const res = await server.api('POST', '/api/auth/register', {
        body: { email: 'short@example.com', password: '1234567' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Password must be at least 8 characters long');
    });

    it('refuses a bad email, missing fields and malformed JSON with 400', async () => {
      const bad = await server.api('POST', '/api/auth/register', {
        body: { email: 'nope', password: 'long enough' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('Please enter a valid email address');
      const missing = await server.api('POST', '/api/auth/register', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('VALIDATION_FAILED');
      const malformed = await server.api('POST', '/api/auth/register', { body: '{"email":' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.message).toBe('The request body is not valid JSON.');
    });

    it('grants ADMIN to configured emails once the address is confirmed', async () => {
      // Anyone can type an admin's address: it counts only when its owner opens the link.
      const { user, token } = await registerUser(server, { email: 'Boss@example.com' });
      expect(user).toMatchObject({ plan: 'FREE', emailVerified: false });
      await verifyEmailOf(server, 'boss@example.com');
      const me = await server.api('GET', '/api/auth/me', { token });
      expect(me.body.user).toMatchObject({ plan: 'ADMIN', emailVerified: true });
    });
  });

  describe('login', () => {
    it('signs in with the right password', async () => {
      await registerUser(server, { email: 'login@example.com', password: 'right password' });
      const res = await server.api('POST', '/api/auth/login', {
        body: { email: 'LOGIN@example.com', password: 'right password' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe('login@example.com');
      const me = await server.api('GET', '/api/auth/me', { token: res.body.token });
      expect(me.body.user.email).toBe('login@example.com');
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      await registerUser(server, { email: 'same@example.com', password: 'right password' });
      const wrong = await server.api('POST', '/api/auth/login', {
        body: { email: 'same@example.com', password: 'wrong password' },
      });
      const unknown = await server.api('POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: 'wrong password' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error.message).toBe('Invalid email or password');
    });

    it('slows repeated failures with 429 and Retry-After, even with the right password', async () => {
      await registerUser(server, { email: 'slow@example.com', password: 'right password' });
      const attempt = (password: string) =>
        server.api('POST', '/api/auth/login', {
          body: { email: 'slow@example.com', password },
          headers: { 'x-test': 'throttle' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt('wrong password')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      const locked = await attempt('right password');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(locked.body.error.message).toMatch(
        /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
      );
    });
  });

  describe('session', () => {
    it('accepts the token as bearer and as cookie, and forgets it after logout', async () => {
      const { token } = await registerUser(server);
      expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
      const byCookie = await server.api('GET', '/api/auth/me', {
        headers: { cookie: `auth_token=${token}` },
      });
      expect(byCookie.status).toBe(200);
      const out = await server.api('POST', '/api/auth/logout', { token });
      expect(out.status).toBe(200);
      const after = await server.api('GET', '/api/auth/me', { token });
      expect(after.status).toBe(401);
      expect(after.body.error.message).toBe('Authentication required. Please login again.');
    });

    it('refuses a missing, made-up or expired token with 401', async () => {
      expect((await server.api('GET', '/api/auth/me')).status).toBe(401);
      expect((await server.api('GET', '/api/auth/me', { token: 'made-up' })).status).toBe(401);
      const { token, user } = await registerUser(server);
      await server.ctx.db
        .updateTable('sessions')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('user_id', '=', user.id)
        .execute();
      expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    });

    it('stores only a hash of the token', async () => {
      const { token, user } = await registerUser(server);
      const rows = await server.ctx.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('remembers a session longer with rememberMe', async () => {
      await registerUser(server, { email: 'remember@example.com', password: 'right password' });
      const short = await server.api('POST', '/api/auth/login', {
        body: { email: 'remember@example.com', password: 'right password' },
      });
      const long = await server.api('POST', '/api/auth/login', {
        body: { email: 'remember@example.com', password: 'right password', rememberMe: true },
      });
      const expiry = async (token: string) => {
        const res = await fetch(`${server.url}/api/auth/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        const rows = await server.ctx.db.selectFrom('sessions').select('expires_at').execute();
        return rows.map((r) => Date.parse(r.expires_at));
      };
      await expiry(short.body.token);
      const all = await expiry(long.body.token);
      const days = (Math.max(...all) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
    });
  });

  it('creates a 24-hour guest session', async () => {
    const { token, user } = await guestSession(server);
    expect(user).toMatchObject({ isGuest: true, plan: 'FREE', name: 'Guest' });
    const me = await server.api('GET', '/api/auth/me', { token });
    expect(me.body.user.id).toBe(user.id);
    const session = await server.ctx.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const hours = (Date.parse(session.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('returns social sign-in to the callback screen with a reason when no OAuth app is set up', async () => {
    const res = await fetch(`${server.url}/api/auth/github`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location') ?? '');
    expect(target.pathname).toBe('/auth/callback');
    expect(target.searchParams.get('provider')).toBe('github');
    expect(target.searchParams.get('error')).toMatch(/GitHub sign-in is not set up/);
    const unknown = await server.api('GET', '/api/auth/myspace');
    expect(unknown.status).toBe(404);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await server.api('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { message: 'Not found', code: 'NOT_FOUND' } });
  });

  it('never writes a password or token into the logs', async () => {
    const { token } = await registerUser(server, { password: 'a very secret password' });
    await server.api('GET', '/api/auth/me?token=' + token, { token });
    const logs = server.logs.join('\n');
    expect(logs).toContain('/api/auth/me');
    expect(logs).not.toContain('a very secret password');
    expect(logs).not.toContain(token);
  });
});
