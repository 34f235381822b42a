import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { codeAt, newAddress, PASSWORD, twoFactorCalls } from '../../../../../test/two-factor';
import { loadConfig } from '../../../config';
import { WRONG_CODE } from '../../../domain/accounts/two-factor';

// Setting up and turning off an authenticator app, recovery codes, and the operators' rule.
// Signing in with a code is in two-factor-sign-in.test.ts, passkeys in passkeys.test.ts.

describeEachDatabase('two-factor sign-in', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { TRUST_PROXY: 'true', SIGNUP_RATE_LIMIT: '1000' });
  });
  afterAll(() => server.close());

  const { call, login, withTotp } = twoFactorCalls(() => server);

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
