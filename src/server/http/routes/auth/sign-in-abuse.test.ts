import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import { registerUser, startTestServer, type TestServer } from '../../../../../test/server';
import { HASHING } from '../../../domain/accounts/passwords';
import { purgeExpiredSessions } from '../../../jobs/sessions';
import { THROTTLE } from '../../../domain/accounts/login-throttle';
import {
  CODE_SPENT,
  issueSignInCode,
  NOT_THIS_BROWSER,
  SIGN_IN_CODE_TTL_MS,
} from '../../../domain/accounts/sign-in-codes';

describeEachDatabase('sign-in under abuse', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy the operator trusts, so each test can speak from several addresses.
    server = await startTestServer(dialect, { TRUST_PROXY: 'true', SIGNUP_RATE_LIMIT: '1000' });
  });
  afterAll(() => server.close());

  const signIn = (email: string, password: string, address: string) =>
    server.api('POST', '/api/auth/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  describe('failed sign-ins', () => {
    it("let the owner in from their own address after an attacker's failures elsewhere", async () => {
      const email = 'owner@example.com';
      await registerUser(server, { email, password: 'the right password' });
      const attacker = '203.0.113.66';
      const statuses: number[] = [];
      for (let i = 0; i <= THROTTLE.freeFailuresPerAccount; i++) {
        statuses.push((await signIn(email, 'a guess', attacker)).status);
      }
      expect(statuses.at(-1)).toBe(429);
      // The attacker stays slowed down, even when a guess would now be right.
      const blocked = await signIn(email, 'the right password', attacker);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.error.message).toMatch(/Please try again in \d+ minutes?\./);

      const owner = await signIn(email, 'the right password', '198.51.100.7');
      expect(owner.status).toBe(200);
      expect(owner.body.user.email).toBe(email);
    });

    it('keep an attacker rotating addresses from locking the owner out', async () => {
      const email = 'rotated@example.com';
      await registerUser(server, { email, password: 'the right password' });
      for (let i = 0; i <= THROTTLE.freeFailuresPerAccount; i++) {
        expect((await signIn(email, 'a guess', `203.0.113.${100 + i}`)).status).toBe(401);
      }
      expect((await signIn(email, 'the right password', '198.51.100.9')).status).toBe(200);
    });

    it('count an IPv6 client by its /64, so new addresses from it start no fresh count', async () => {
      const email = 'v6@example.com';
      await registerUser(server, { email, password: 'the right password' });
      const statuses: number[] = [];
      for (let i = 1; i <= THROTTLE.freeFailuresPerAccount + 1; i++) {
        statuses.push((await signIn(email, 'a guess', `2001:db8:0:1::${i}`)).status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect((await signIn(email, 'the right password', '2001:db8:0:2::1')).status).toBe(200);
    });

    it('still slow down one address trying many accounts', async () => {
      const sprayer = '203.0.113.77';
      for (let i = 0; i < THROTTLE.freeFailuresPerAddress; i++) {
        expect((await signIn(`victim${i}@example.com`, 'a guess', sprayer)).status).toBe(401);
      }
      const next = await signIn('victim-next@example.com', 'a guess', sprayer);
      expect(next.status).toBe(429);
      expect(next.headers.get('retry-after')).toBeTruthy();
      expect((await signIn('victim-next@example.com', 'a guess', '198.51.100.8')).status).toBe(401);
    });
  });

  it('answers 503 with Retry-After once the password hashing queue is full, leaving nothing behind', async () => {
    const count = HASHING.concurrent + HASHING.waiting + 40;
    const emails = Array.from({ length: count }, (_, i) => `rush${i}-${dialect}@example.com`);
    const answers = await Promise.all(
      emails.map((email) =>
        server.api('POST', '/api/auth/register', {
          body: { email, password: 'a good long password' },
        }),
      ),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 201 || a.status === 503)).toBe(true);
    expect(busy[0]!.body.error).toEqual({
      code: 'SERVER_BUSY',
      message: 'The server is busy signing other people in. Please try again in a few seconds.',
      details: { retryAfterSeconds: HASHING.retryAfterSeconds },
    });
    expect(busy[0]!.headers.get('retry-after')).toBe(String(HASHING.retryAfterSeconds));
    const created = await server.ctx.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails)
      .execute();
    expect(created.length).toBe(count - busy.length);
    // Once the rush is over, hashing serves again.
    expect((await registerUser(server)).token).toBeTruthy();
  });

  describe('the /auth/callback code', () => {
    /** A browser that starts a social sign-in: its state cookie, as the server set it. */
    const startSignIn = async (): Promise<string> => {
      const res = await fetch(`${server.url}/api/auth/github`, { redirect: 'manual' });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth_state='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\/api\/auth/);
      return cookie!.split(';')[0]!.slice('auth_state='.length);
    };
    const exchange = (code: string, state?: string) =>
      server.api('POST', '/api/auth/callback', {
        body: { code },
        headers: state ? { cookie: `auth_state=${state}` } : {},
      });

    it('signs in the browser that started the sign-in, once', async () => {
      const { user } = await registerUser(server);
      const state = await startSignIn();
      const code = await issueSignInCode(server.ctx.db, user.id, state);
      const first = await exchange(code, state);
      expect(first.status).toBe(200);
      expect(first.body.user.id).toBe(user.id);
      expect(first.headers.getSetCookie().some((c) => c.startsWith('auth_state=;'))).toBe(true);
      const me = await server.api('GET', '/api/auth/me', { token: first.body.token });
      expect(me.body.user.id).toBe(user.id);

      const again = await exchange(code, state);
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({ code: 'BAD_REQUEST', message: CODE_SPENT });
    });

    it('refuses a code another browser asked for, and leaves it to that browser', async () => {
      const { user } = await registerUser(server);
      const attackers = await startSignIn();
      const code = await issueSignInCode(server.ctx.db, user.id, attackers);
      const victims = await startSignIn();
      for (const res of [await exchange(code, victims), await exchange(code)]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: NOT_THIS_BROWSER });
        expect(res.headers.getSetCookie().some((c) => c.startsWith('auth_token='))).toBe(false);
      }
      expect((await exchange(code, attackers)).status).toBe(200);
    });

    it('refuses a session token, a made-up code and an expired code', async () => {
      const { token, user } = await registerUser(server);
      const state = await startSignIn();
      const expired = await issueSignInCode(
        server.ctx.db,
        user.id,
        state,
        Date.now() - SIGN_IN_CODE_TTL_MS - 1000,
      );
      for (const code of [token, 'made-up', expired]) {
        const res = await exchange(code, state);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(CODE_SPENT);
      }
      expect((await exchange('', state)).status).toBe(400);
      await purgeExpiredSessions.run(server.ctx);
      const left = await server.ctx.db
        .selectFrom('sign_in_codes')
        .select('expires_at')
        .where('user_id', '=', user.id)
        .execute();
      expect(left).toEqual([]);
    });
  });
});
