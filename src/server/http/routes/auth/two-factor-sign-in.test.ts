import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import { GITHUB_APP, startFakeGitHub, type FakeGitHub } from '../../../../../test/oauth-providers';
import { startTestServer, type TestServer } from '../../../../../test/server';
import { codeAt, newAddress, twoFactorCalls } from '../../../../../test/two-factor';
import { THROTTLE } from '../../../domain/accounts/login-throttle';
import { CODE_ALREADY_USED, WRONG_CODE } from '../../../domain/accounts/two-factor';
import {
  CHALLENGE_GONE,
  MAX_CHALLENGE_ATTEMPTS,
  TOO_MANY_TRIES,
} from '../../../domain/accounts/two-factor-sign-in';

// Signing in when the account has an authenticator app: the challenge, its codes and its limits,
// for a password and for a social sign-in alike.

describeEachDatabase('two-factor sign-in', (dialect) => {
  let server: TestServer;
  let github: FakeGitHub;

  beforeAll(async () => {
    github = await startFakeGitHub();
    server = await startTestServer(dialect, {
      TRUST_PROXY: 'true',
      SIGNUP_RATE_LIMIT: '1000',
      GITHUB_CLIENT_ID: GITHUB_APP.clientId,
      GITHUB_CLIENT_SECRET: GITHUB_APP.clientSecret,
      ...github.env,
    });
  });
  afterAll(async () => {
    await server.close();
    await github.close();
  });

  const { call, login, withTotp } = twoFactorCalls(() => server);

  describe('authenticator app', () => {
    it('asks for the code after the password: no token and no session until it is given', async () => {
      const { user, secret } = await withTotp();
      const from = newAddress();
      const sessionsBefore = await server.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      const first = await login(user.email, from);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        twoFactorRequired: true,
        methods: ['totp', 'recovery-code'],
      });
      expect(first.body.challenge).toEqual(expect.any(String));
      expect(first.body.token).toBeUndefined();
      expect(first.headers.get('set-cookie')).toBeNull();
      const sessionsAfter = await server.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(sessionsAfter).toHaveLength(sessionsBefore.length);
      // The challenge is no credential.
      expect((await call('GET', '/api/auth/me', { token: first.body.challenge })).status).toBe(401);

      // The next step's code (the current one turned the app on).
      const done = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: first.body.challenge, code: await codeAt(secret, 1) },
        from,
      });
      expect(done.status).toBe(200);
      expect(done.body.user.id).toBe(user.id);
      expect(done.headers.get('set-cookie')).toContain('auth_token=');
      const me = await call('GET', '/api/auth/me', { token: done.body.token });
      expect(me.body.user.id).toBe(user.id);

      // Single use: the same challenge opens nothing more.
      const again = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: first.body.challenge, code: await codeAt(secret, 1) },
        from,
      });
      expect(again.status).toBe(410);
      expect(again.body.error.message).toBe(CHALLENGE_GONE);
    });

    it('refuses a code already used, even inside its 30 seconds', async () => {
      const { user, secret, enabledWith } = await withTotp();
      const from = newAddress();
      // The code that turned the app on cannot sign in.
      const first = await login(user.email, from);
      const replay = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: first.body.challenge, code: enabledWith },
        from,
      });
      expect(replay.status).toBe(401);
      expect(replay.body.error.message).toBe(CODE_ALREADY_USED);

      const next = await codeAt(secret, 1);
      const ok = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: first.body.challenge, code: next },
        from,
      });
      expect(ok.status).toBe(200);
      // Someone who saw it over a shoulder is too late with it.
      const second = await login(user.email, newAddress());
      const stolen = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: second.body.challenge, code: next },
        from,
      });
      expect(stolen.status).toBe(401);
      expect(stolen.body.error.message).toBe(CODE_ALREADY_USED);
    });

    it('takes each recovery code once', async () => {
      const { user, recoveryCodes } = await withTotp();
      const from = newAddress();
      const first = await login(user.email, from);
      // Typed in capitals, without the dash: still the same code.
      const typed = recoveryCodes[0]!.replace('-', '').toUpperCase();
      const used = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: first.body.challenge, code: typed },
        from,
      });
      expect(used.status).toBe(200);
      expect(used.body.token).toBeTruthy();
      const status = await call('GET', '/api/auth/2fa', { token: used.body.token });
      expect(status.body.recoveryCodesLeft).toBe(9);

      const second = await login(user.email, from);
      const reused = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: second.body.challenge, code: recoveryCodes[0] },
        from,
      });
      expect(reused.status).toBe(401);
      expect(reused.body.error.message).toBe(WRONG_CODE);
      const another = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: second.body.challenge, code: recoveryCodes[1] },
        from,
      });
      expect(another.status).toBe(200);
    });

    it('counts wrong codes toward the sign-in throttle', async () => {
      const { user, secret } = await withTotp();
      const from = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < THROTTLE.freeFailuresPerAccount; i++) {
        const step = await login(user.email, from);
        expect(step.status).toBe(200);
        const wrong = await call('POST', '/api/auth/login/2fa', {
          body: { challenge: step.body.challenge, code: '123456' },
          from,
        });
        statuses.push(wrong.status);
      }
      expect(statuses).toEqual(Array(THROTTLE.freeFailuresPerAccount).fill(401));
      // Now slowed down: even the right password, or the right code, waits.
      const blocked = await login(user.email, from);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

      // The owner, from their own address, is not kept out.
      const owner = newAddress();
      const step = await login(user.email, owner);
      const ok = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: step.body.challenge, code: await codeAt(secret, 1) },
        from: owner,
      });
      expect(ok.status).toBe(200);
    });

    it(`lets one challenge take ${MAX_CHALLENGE_ATTEMPTS} tries, wherever they come from`, async () => {
      const { user, secret } = await withTotp();
      const step = await login(user.email, newAddress());
      for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS; i++) {
        const wrong = await call('POST', '/api/auth/login/2fa', {
          body: { challenge: step.body.challenge, code: '654321' },
          from: newAddress(),
        });
        expect(wrong.status).toBe(401);
      }
      const right = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: step.body.challenge, code: await codeAt(secret, 1) },
        from: newAddress(),
      });
      expect(right.status).toBe(410);
      expect(right.body.error.message).toBe(TOO_MANY_TRIES);
    });

    it('refuses an expired challenge', async () => {
      const { user, secret } = await withTotp();
      const from = newAddress();
      const step = await login(user.email, from);
      await server.ctx.db
        .updateTable('sign_in_challenges')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const late = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: step.body.challenge, code: await codeAt(secret, 1) },
        from,
      });
      expect(late.status).toBe(410);
    });
  });

  describe('social sign-in', () => {
    it('asks a GitHub sign-in for the second factor before any session exists', async () => {
      github.person = {
        id: 777_001,
        login: 'octo-2fa',
        name: 'Octo Two',
        emails: [{ email: 'octo-2fa@example.com', primary: true, verified: true }],
      };
      const viaGitHub = async () => {
        const start = await fetch(`${server.url}/api/auth/github`, { redirect: 'manual' });
        const cookie = /auth_state=[^;]+/.exec(start.headers.get('set-cookie') ?? '')?.[0] ?? '';
        const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
        const back = new URL(consent.headers.get('location') ?? '');
        const landed = await fetch(`${server.url}${back.pathname}${back.search}`, {
          redirect: 'manual',
          headers: { cookie },
        });
        const code = new URL(landed.headers.get('location') ?? '').searchParams.get('token');
        return call('POST', '/api/auth/callback', { body: { code }, cookie });
      };
      const first = await viaGitHub();
      expect(first.status).toBe(200);
      const token = first.body.token as string;
      const setup = await call('POST', '/api/auth/2fa/totp/setup', { token });
      await call('POST', '/api/auth/2fa/totp/enable', {
        token,
        body: { code: await codeAt(setup.body.secret) },
      });

      const second = await viaGitHub();
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({
        twoFactorRequired: true,
        methods: ['totp', 'recovery-code'],
      });
      expect(second.body.token).toBeUndefined();
      expect(second.headers.get('set-cookie') ?? '').not.toContain('auth_token=');
      const from = newAddress();
      const done = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: second.body.challenge, code: await codeAt(setup.body.secret, 1) },
        from,
      });
      expect(done.status).toBe(200);
      expect(done.body.user.id).toBe(first.body.user.id);
    });
  });
});
