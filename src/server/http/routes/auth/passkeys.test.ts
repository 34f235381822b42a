import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../../../../test/server';
import { newAddress, PASSWORD, twoFactorCalls } from '../../../../../test/two-factor';
import { SoftwareAuthenticator } from '../../../../../test/webauthn-authenticator';

// Passkeys: as a second factor after a password, and on their own for a sign-in without one.

describeEachDatabase('two-factor sign-in', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { TRUST_PROXY: 'true', SIGNUP_RATE_LIMIT: '1000' });
  });
  afterAll(() => server.close());

  const { call, login } = twoFactorCalls(() => server);

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
});
