import { afterAll, beforeAll, expect, it } from 'vitest';
import { MeResponseSchema } from '../../../../shared/user';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  guestSession,
  registerUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';

const PASSWORD = 'correct horse battery';

describeEachDatabase('profile and password from Settings', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { body: { email, password } });

  it('changes the name, trimmed; never the e-mail; not for guests or strangers', async () => {
    const { token, user } = await registerUser(server, { name: 'Ann' });
    expect((await server.api('PATCH', '/api/auth/me', { body: { name: 'X' } })).status).toBe(401);
    const guest = await guestSession(server);
    const refused = await server.api('PATCH', '/api/auth/me', {
      token: guest.token,
      body: { name: 'X' },
    });
    expect(refused.status).toBe(403);
    const empty = await server.api('PATCH', '/api/auth/me', { token, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch('Please enter your name');

    const renamed = await server.api('PATCH', '/api/auth/me', {
      token,
      body: { name: '  Ann Lee ', email: 'other@example.com' },
    });
    expect(renamed.status).toBe(200);
    expect(MeResponseSchema.parse(renamed.body).user).toMatchObject({
      name: 'Ann Lee',
      email: user.email,
    });
    const me = MeResponseSchema.parse((await server.api('GET', '/api/auth/me', { token })).body);
    expect(me.user).toMatchObject({ name: 'Ann Lee', email: user.email });
  });

  it('changes the password with the current one, and signs every other session out', async () => {
    const { token, user } = await registerUser(server);
    const elsewhere = (await login(user.email, PASSWORD)).body.token as string;
    const change = (body: unknown, t = token) =>
      server.api('POST', '/api/auth/password', { token: t, body });

    const wrong = await change({
      currentPassword: 'not it at all',
      newPassword: 'a brand new secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Your current password is not correct.');
    const short = await change({ currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toMatch('Password must be at least 8 characters long');
    const same = await change({ currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.status).toBe(400);
    expect((await server.api('GET', '/api/auth/me', { token: elsewhere })).status).toBe(200);

    const done = await change({ currentPassword: PASSWORD, newPassword: 'a brand new secret' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ endedSessions: 1, revokedTokens: 0 });
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await server.api('GET', '/api/auth/me', { token: elsewhere })).status).toBe(401);
    expect((await login(user.email, PASSWORD)).status).toBe(401);
    expect((await login(user.email, 'a brand new secret')).status).toBe(200);
  });
});
