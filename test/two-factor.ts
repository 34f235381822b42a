import { generate } from 'otplib';
import { expect } from 'vitest';
import { registerVerifiedUser, type TestServer } from './server';

// What the two-factor tests share: a password, codes an authenticator app would show, client
// addresses of their own, and calls to a server started by the test file.

export const PASSWORD = 'correct horse battery';

/** The code an authenticator app shows `steps` periods of 30 s from now. */
export const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let addresses = 0;
/** A client address of its own, so one test's failures never slow another's. */
export const newAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

/** Calls to the server a test file started in beforeAll (hence a getter). */
export function twoFactorCalls(server: () => TestServer) {
  const call = (
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; from?: string; cookie?: string } = {},
  ) =>
    server().api(method, path, {
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
    const auth = await registerVerifiedUser(server(), { password: PASSWORD });
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

  return { call, login, withTotp };
}
