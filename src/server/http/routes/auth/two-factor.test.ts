import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import { GITHUB_APP, startFakeGitHub, type FakeGitHub } from '../../../../../test/oauth-providers';
import {
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { SoftwareAuthenticator } from '../../../../../test/webauthn-authenticator';
import { loadConfig } from '../../../config';
import { THROTTLE } from '../../../domain/login-throttle';
import {
  CHALLENGE_GONE,
  CODE_ALREADY_USED,
  MAX_CHALLENGE_ATTEMPTS,
  TOO_MANY_TRIES,
  WRONG_CODE,
} from '../../../domain/two-factor';

const PASSWORD = 'correct horse battery';

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let addresses = 0;
/** A client address of its own, so one test's failures never slow another's. */
const newAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

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

  const call = (
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; from?: string; cookie?: string } = {},
  ) =>
    server.api(method, path, {
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.body !== undefined ? { body: opts.body } : {}),
      headers: {
        'x-forwarded-for': opts.from ?? '198.51.100.250',
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
    });

  const login = (email: string, from: string, password = PASSWORD) =>
    call('POST', '/api/auth/login', { body: { email, password }, from });

  /** A new account with its authenticator app on; the code that turned it on was this step's. */
  async function withTotp() {
    const auth = await registerVerifiedUser(server, { password: PASSWORD });
    const setup = await call('POST', '/api/auth/2fa/totp/setup', { token: auth.token });
    expect(setup.status).toBe(200);
    const { secret } = setup.body as { secret: string };
    const enabledWith = await codeAt(secret);
    const enable = await call('POST', '/api/auth/2fa/totp/enable', {
      token: auth.token,
      body: { code: enabledWith },
    });
    expect(enable.status).toBe(200);
    return { ...auth, secret, enabledWith, recoveryCodes: enable.body.recoveryCodes as string[] };
  }

  describe('authenticator app', () => {
    it('sets up with a QR code and a key, turns on with a code, and gives ten recovery codes', async () => {
      const auth = await registerVerifiedUser(server);
      const setup = await call('POST', '/api/auth/2fa/totp/setup', { token: auth.token });
      expect(setup.status).toBe(200);
      expect(setup.body.secret).toMatch(/^[A-Z2-7]{26,}$/);
      const url = new URL(setup.body.otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.searchParams.get('secret')).toBe(setup.body.secret);
      expect(url.searchParams.get('issuer')).toBe('Artifact Host');
      expect(decodeURIComponent(url.pathname)).toContain(auth.user.email);
      expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
      // The secret is kept sealed, never as typed into an app.
      const stored = await server.ctx.db
        .selectFrom('two_factor_totp')
        .selectAll()
        .where('user_id', '=', auth.user.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret_sealed).not.toContain(setup.body.secret);
      expect(stored.enabled_at).toBeNull();

      // Not on yet: a wrong code changes nothing, the password alone still signs in.
      const wrong = await call('POST', '/api/auth/2fa/totp/enable', {
        token: auth.token,
        body: { code: '000000' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(WRONG_CODE);
      expect((await login(auth.user.email, newAddress())).body.token).toBeTruthy();

      const enable = await call('POST', '/api/auth/2fa/totp/enable', {
        token: auth.token,
        body: { code: await codeAt(setup.body.secret) },
      });
      expect(enable.status).toBe(200);
      expect(enable.body.recoveryCodes).toHaveLength(10);
      expect(new Set(enable.body.recoveryCodes).size).toBe(10);
      const status = await call('GET', '/api/auth/2fa', { token: auth.token });
      expect(status.body).toMatchObject({
        enabled: true,
        totp: { enabled: true },
        recoveryCodesLeft: 10,
        required: false,
      });
      // Only hashes of the recovery codes are kept.
      const rows = await server.ctx.db
        .selectFrom('two_factor_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', auth.user.id)
        .execute();
      expect(rows.map((r) => r.code_hash)).not.toContain(enable.body.recoveryCodes[0]);
      // A second app needs the first one turned off.
      expect((await call('POST', '/api/auth/2fa/totp/setup', { token: auth.token })).status).toBe(
        409,
      );
    });

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

    it('turns off with the password or a code, not with a wrong one; recovery codes go too', async () => {
      const { user, token, secret } = await withTotp();
      const noProof = await call('POST', '/api/auth/2fa/totp/disable', { token, body: {} });
      expect(noProof.status).toBe(400);
      const wrong = await call('POST', '/api/auth/2fa/totp/disable', {
        token,
        body: { password: 'not my password' },
      });
      expect(wrong.status).toBe(400);
      expect((await call('GET', '/api/auth/2fa', { token })).body.totp.enabled).toBe(true);

      const off = await call('POST', '/api/auth/2fa/totp/disable', {
        token,
        body: { code: await codeAt(secret, 1) },
      });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({
        enabled: false,
        totp: { enabled: false },
        recoveryCodesLeft: 0,
      });
      const plain = await login(user.email, newAddress());
      expect(plain.body.token).toBeTruthy();

      // And on again, then off with the password.
      const again = await call('POST', '/api/auth/2fa/totp/setup', { token });
      await call('POST', '/api/auth/2fa/totp/enable', {
        token,
        body: { code: await codeAt(again.body.secret) },
      });
      const byPassword = await call('POST', '/api/auth/2fa/totp/disable', {
        token,
        body: { password: PASSWORD },
      });
      expect(byPassword.status).toBe(200);
    });

    it('makes new recovery codes that replace the old ones', async () => {
      const { user, token, recoveryCodes } = await withTotp();
      const refused = await call('POST', '/api/auth/2fa/recovery-codes', {
        token,
        body: { password: 'wrong' },
      });
      expect(refused.status).toBe(400);
      const fresh = await call('POST', '/api/auth/2fa/recovery-codes', {
        token,
        body: { password: PASSWORD },
      });
      expect(fresh.status).toBe(200);
      expect(fresh.body.recoveryCodes).toHaveLength(10);
      const from = newAddress();
      const step = await login(user.email, from);
      const old = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: step.body.challenge, code: recoveryCodes[2] },
        from,
      });
      expect(old.status).toBe(401);
      const ok = await call('POST', '/api/auth/login/2fa', {
        body: { challenge: step.body.challenge, code: fresh.body.recoveryCodes[0] },
        from,
      });
      expect(ok.status).toBe(200);
    });

    it('is for people signed in: not for guests, access tokens or strangers', async () => {
      expect((await call('POST', '/api/auth/2fa/totp/setup')).status).toBe(401);
      const guest = await server.api('POST', '/api/auth/guest');
      const asGuest = await call('POST', '/api/auth/2fa/totp/setup', { token: guest.body.token });
      expect(asGuest.status).toBe(403);
      const auth = await registerVerifiedUser(server);
      const minted = await call('POST', '/api/tokens', {
        token: auth.token,
        body: { name: 'ci', scope: 'deploy' },
      });
      expect(minted.status).toBe(201);
      const byToken = await call('POST', '/api/auth/2fa/totp/setup', {
        token: minted.body.secret ?? minted.body.token,
      });
      expect(byToken.status).toBe(403);
    });
  });

  describe('passkeys', () => {
    const origin = () => server.ctx.config.appOrigin;

    async function addPasskey(token: string, name?: string) {
      const device = new SoftwareAuthenticator(origin());
      const options = await call('POST', '/api/auth/2fa/passkeys/options', { token });
      expect(options.status).toBe(200);
      expect(options.body.options.rp).toEqual({ id: 'localhost', name: 'Artifact Host' });
      const added = await call('POST', '/api/auth/2fa/passkeys', {
        token,
        body: {
          challenge: options.body.challenge,
          ...(name ? { name } : {}),
          response: device.register(options.body.options),
        },
      });
      return { device, added };
    }

    it('adds one, lists it, and gives recovery codes when it is the first second factor', async () => {
      const auth = await registerVerifiedUser(server);
      const { added } = await addPasskey(auth.token, 'My laptop');
      expect(added.status).toBe(201);
      expect(added.body.passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null });
      expect(added.body.recoveryCodes).toHaveLength(10);
      const second = await addPasskey(auth.token);
      expect(second.added.status).toBe(201);
      expect(second.added.body.passkey.name).toBe('Passkey 2');
      expect(second.added.body.recoveryCodes).toBeUndefined();
      const status = await call('GET', '/api/auth/2fa', { token: auth.token });
      expect(status.body.enabled).toBe(true);
      expect(status.body.passkeys.map((p: { name: string }) => p.name)).toEqual([
        'My laptop',
        'Passkey 2',
      ]);
      const stored = await server.ctx.db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', auth.user.id)
        .execute();
      expect(stored[0]).toMatchObject({ transports: '["internal"]', counter: 0 });
    });

    it('refuses a registration signed for another site, or answered twice', async () => {
      const auth = await registerVerifiedUser(server);
      const options = await call('POST', '/api/auth/2fa/passkeys/options', { token: auth.token });
      const elsewhere = new SoftwareAuthenticator('https://evil.example');
      const forged = await call('POST', '/api/auth/2fa/passkeys', {
        token: auth.token,
        body: {
          challenge: options.body.challenge,
          response: elsewhere.register(options.body.options),
        },
      });
      expect(forged.status).toBe(400);
      // The ceremony was spent by that try.
      const device = new SoftwareAuthenticator(origin());
      const late = await call('POST', '/api/auth/2fa/passkeys', {
        token: auth.token,
        body: {
          challenge: options.body.challenge,
          response: device.register(options.body.options),
        },
      });
      expect(late.status).toBe(410);
      expect((await call('GET', '/api/auth/2fa', { token: auth.token })).body.passkeys).toEqual([]);
    });

    it('answers the sign-in challenge as a second factor', async () => {
      const auth = await registerVerifiedUser(server, { password: PASSWORD });
      const { device } = await addPasskey(auth.token);
      const from = newAddress();
      const step = await login(auth.user.email, from);
      expect(step.body).toMatchObject({
        twoFactorRequired: true,
        methods: ['passkey', 'recovery-code'],
      });
      const options = await call('POST', '/api/auth/login/2fa/passkey-options', {
        body: { challenge: step.body.challenge },
        from,
      });
      expect(options.status).toBe(200);
      expect(options.body.options.allowCredentials).toEqual([
        { id: device.credentialId, type: 'public-key', transports: ['internal'] },
      ]);
      // A signature for another origin is refused and counted.
      const phished = await call('POST', '/api/auth/login/2fa', {
        body: {
          challenge: step.body.challenge,
          passkey: device.authenticate(options.body.options, { origin: 'https://evil.example' }),
        },
        from,
      });
      expect(phished.status).toBe(401);
      const done = await call('POST', '/api/auth/login/2fa', {
        body: {
          challenge: step.body.challenge,
          passkey: device.authenticate(options.body.options),
        },
        from,
      });
      expect(done.status).toBe(200);
      expect(done.body.user.id).toBe(auth.user.id);
      const [row] = await server.ctx.db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', auth.user.id)
        .execute();
      expect(Number(row!.counter)).toBe(device.signCount);
      expect(row!.last_used_at).not.toBeNull();
    });

    it('signs in on its own with "Sign in with a passkey", once per ceremony', async () => {
      const auth = await registerVerifiedUser(server);
      const { device } = await addPasskey(auth.token);
      const from = newAddress();
      const options = await call('POST', '/api/auth/passkey/options', { from });
      expect(options.status).toBe(200);
      expect(options.body.options).toMatchObject({
        rpId: 'localhost',
        userVerification: 'required',
      });
      const assertion = device.authenticate(options.body.options);
      const signedIn = await call('POST', '/api/auth/passkey', {
        body: { challenge: options.body.challenge, response: assertion },
        from,
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.id).toBe(auth.user.id);
      expect(signedIn.headers.get('set-cookie')).toContain('auth_token=');
      expect((await call('GET', '/api/auth/me', { token: signedIn.body.token })).status).toBe(200);

      // The same answer again: the ceremony is spent.
      const replay = await call('POST', '/api/auth/passkey', {
        body: { challenge: options.body.challenge, response: assertion },
        from,
      });
      expect(replay.status).toBe(410);

      // A signature over an older counter is a cloned key: refused.
      const next = await call('POST', '/api/auth/passkey/options', { from });
      const cloned = await call('POST', '/api/auth/passkey', {
        body: {
          challenge: next.body.challenge,
          response: device.authenticate(next.body.options, { counter: 1 }),
        },
        from,
      });
      expect(cloned.status).toBe(401);
    });

    it('needs the device to have checked the person for a sign-in without password', async () => {
      const auth = await registerVerifiedUser(server);
      const options = await call('POST', '/api/auth/2fa/passkeys/options', { token: auth.token });
      const device = new SoftwareAuthenticator(origin(), { userVerified: false });
      await call('POST', '/api/auth/2fa/passkeys', {
        token: auth.token,
        body: {
          challenge: options.body.challenge,
          response: device.register(options.body.options),
        },
      });
      const from = newAddress();
      const signIn = await call('POST', '/api/auth/passkey/options', { from });
      const refused = await call('POST', '/api/auth/passkey', {
        body: {
          challenge: signIn.body.challenge,
          response: device.authenticate(signIn.body.options),
        },
        from,
      });
      expect(refused.status).toBe(401);
      expect(refused.body.token).toBeUndefined();
    });

    it("renames and removes only its owner's passkeys", async () => {
      const owner = await registerVerifiedUser(server);
      const { added, device } = await addPasskey(owner.token);
      const id = encodeURIComponent(added.body.passkey.id);
      const stranger = await registerVerifiedUser(server);
      expect(
        (
          await call('PATCH', `/api/auth/2fa/passkeys/${id}`, {
            token: stranger.token,
            body: { name: 'mine now' },
          })
        ).status,
      ).toBe(404);
      expect(
        (await call('DELETE', `/api/auth/2fa/passkeys/${id}`, { token: stranger.token })).status,
      ).toBe(404);

      const renamed = await call('PATCH', `/api/auth/2fa/passkeys/${id}`, {
        token: owner.token,
        body: { name: 'Work phone' },
      });
      expect(renamed.body.passkey.name).toBe('Work phone');
      expect(
        (await call('DELETE', `/api/auth/2fa/passkeys/${id}`, { token: owner.token })).status,
      ).toBe(204);
      // Its recovery codes went with the account's last second factor.
      const after = await call('GET', '/api/auth/2fa', { token: owner.token });
      expect(after.body).toMatchObject({ enabled: false, passkeys: [], recoveryCodesLeft: 0 });

      // Gone: it signs nobody in any more.
      const from = newAddress();
      const options = await call('POST', '/api/auth/passkey/options', { from });
      const refused = await call('POST', '/api/auth/passkey', {
        body: {
          challenge: options.body.challenge,
          response: device.authenticate(options.body.options),
        },
        from,
      });
      expect(refused.status).toBe(401);
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

  it('lets an ADMIN use the console without a second factor outside production', async () => {
    expect(server.ctx.config.twoFactor.requiredForAdmins).toBe(false);
    const admin = await registerVerifiedUser(server);
    await server.ctx.db
      .updateTable('users')
      .set({ plan: 'ADMIN' })
      .where('id', '=', admin.user.id)
      .execute();
    expect((await call('GET', '/api/admin/users', { token: admin.token })).status).toBe(200);
    expect((await call('GET', '/api/auth/2fa', { token: admin.token })).body.required).toBe(false);
  });
});

describeEachDatabase('two-factor for operators in production', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      NODE_ENV: 'production',
      SECRET_KEY: 'a-production-secret-key-of-32-characters-or-more',
      ADMIN_EMAILS: 'ops@example.com',
    });
  });
  afterAll(() => server.close());

  it('keeps an ADMIN without a second factor out of /api/admin until one is set up', async () => {
    expect(server.ctx.config.twoFactor.requiredForAdmins).toBe(true);
    // Production without SMTP_URL sends no mail, so the operator's address is confirmed here as
    // opening the link would: an address in ADMIN_EMAILS counts only once confirmed.
    const op = await registerUser(server, { email: 'ops@example.com' });
    await server.ctx.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', op.user.id)
      .execute();
    const me = await server.api('GET', '/api/auth/me', { token: op.token });
    expect(me.body.user.plan).toBe('ADMIN');
    const refused = await server.api('GET', '/api/admin/users', { token: op.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(refused.body.error.message).toMatch(/Settings → Security/);
    const status = await server.api('GET', '/api/auth/2fa', { token: op.token });
    expect(status.body).toMatchObject({ required: true, enabled: false });

    // Everyone else is unaffected by the rule.
    const creator = await registerUser(server);
    expect((await server.api('GET', '/api/auth/2fa', { token: creator.token })).body.required).toBe(
      false,
    );
    expect((await server.api('GET', '/api/admin/users', { token: creator.token })).status).toBe(
      403,
    );

    const setup = await server.api('POST', '/api/auth/2fa/totp/setup', { token: op.token });
    await server.api('POST', '/api/auth/2fa/totp/enable', {
      token: op.token,
      body: { code: await codeAt(setup.body.secret) },
    });
    expect((await server.api('GET', '/api/admin/users', { token: op.token })).status).toBe(200);
    expect((await server.api('GET', '/api/auth/2fa', { token: op.token })).body.required).toBe(
      false,
    );
  });
});

describe('two-factor configuration', () => {
  it('takes the passkey relying party from APP_ORIGIN and the operator rule from NODE_ENV', () => {
    const config = loadConfig({ APP_ORIGIN: 'https://Host.Example:8443/' });
    expect(config.twoFactor).toMatchObject({
      rpId: 'host.example',
      origin: 'https://host.example:8443',
      requiredForAdmins: false,
    });
    const production = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32) });
    expect(production.twoFactor.requiredForAdmins).toBe(true);
  });
});
