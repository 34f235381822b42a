import { afterAll, beforeAll, expect, it } from 'vitest';
import { SessionsResponseSchema } from '../../../../shared/account';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  guestSession,
  registerUser,
  registerVerifiedUser,
  type TestServer,
} from '../../../../../test/server';
import { startServerWithStripe } from '../../../../../test/stripe-billed-server';
import { FAKE_PRICES, type FakeStripe } from '../../../../../test/stripe-server';
import { waitUntil } from '../../../../../test/wait';
import { nowIso } from '../../../lib/ids';

const PASSWORD = 'correct horse battery';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describeEachDatabase('sessions, account deletion and notifications', (dialect) => {
  let server: TestServer;
  // Deleting an account cancels its subscription first, on (a local stand-in for) Stripe.
  let stripe: FakeStripe;
  beforeAll(async () => {
    ({ stripe, server } = await startServerWithStripe(dialect));
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const loginFrom = async (email: string, userAgent: string) => {
    const res = await server.api('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const sessions = async (token: string) => {
    const res = await server.api('GET', '/api/auth/sessions', { token });
    expect(res.status).toBe(200);
    return SessionsResponseSchema.parse(res.body).sessions;
  };
  const endedFor = (userId: string) => {
    const ended: string[] = [];
    const off = server.ctx.events.on('session.ended', (e) => {
      if (e.userId === userId) ended.push(e.sessionId);
    });
    return { ended, off };
  };

  it('asks who is asking', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/some-id'],
      ['DELETE', '/api/auth/me'],
      ['GET', '/api/auth/notifications'],
      ['PUT', '/api/auth/notifications'],
    ] as const) {
      const res = await server.api(method, path, {
        ...(method === 'PUT' || path.endsWith('/me') ? { body: {} } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('lists the sessions with their devices and signs one or all others out', async () => {
    const { user } = await registerUser(server);
    const mac = await loginFrom(user.email, CHROME_MAC);
    const windows = await loginFrom(user.email, FIREFOX_WINDOWS);
    const iphone = await loginFrom(user.email, SAFARI_IPHONE);
    const listed = await sessions(mac);
    // registerUser's own session came from Node's fetch
    expect(listed.map((s) => s.device).sort()).toEqual([
      'Chrome on macOS',
      'Firefox on Windows',
      'Node.js',
      'Safari on iPhone',
    ]);
    expect(listed.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on macOS']);
    const other = listed.find((s) => s.device === 'Firefox on Windows')!;
    expect(Date.parse(other.expiresAt)).toBeGreaterThan(Date.parse(other.createdAt));

    // someone else's session is not found, and stays
    const stranger = await registerUser(server);
    const refused = await server.api('DELETE', `/api/auth/sessions/${other.id}`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
    expect((await server.api('GET', '/api/auth/me', { token: windows })).status).toBe(200);

    const { ended, off } = endedFor(user.id);
    const one = await server.api('DELETE', `/api/auth/sessions/${other.id}`, { token: mac });
    expect(one.status).toBe(204);
    expect(ended).toEqual([other.id]);
    expect((await server.api('GET', '/api/auth/me', { token: windows })).status).toBe(401);
    expect((await sessions(mac)).length).toBe(3);

    const all = await server.api('DELETE', '/api/auth/sessions', { token: mac });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ endedSessions: 2, revokedTokens: 0 });
    expect(ended).toHaveLength(3);
    off();
    expect((await server.api('GET', '/api/auth/me', { token: iphone })).status).toBe(401);
    expect((await sessions(mac)).map((s) => s.current)).toEqual([true]);
  });

  it('keeps last used fresh, writing it at most every five minutes', async () => {
    const { token, user } = await registerUser(server);
    const setLastUsed = (at: string) =>
      server.ctx.db
        .updateTable('sessions')
        .set({ last_used_at: at })
        .where('user_id', '=', user.id)
        .execute();
    const lastUsed = async () => (await sessions(token))[0]!.lastUsedAt;

    const hourAgo = nowIso(Date.now() - 60 * 60 * 1000);
    await setLastUsed(hourAgo);
    const before = Date.now();
    expect(Date.parse(await lastUsed())).toBeGreaterThanOrEqual(before - 1000);

    const minuteAgo = nowIso(Date.now() - 60 * 1000);
    await setLastUsed(minuteAgo);
    await server.api('GET', '/api/auth/me', { token });
    expect(await lastUsed()).toBe(minuteAgo);
  });

  it('deletes the account with its sites after the subscription, confirmed by its e-mail', async () => {
    const { token, user } = await registerVerifiedUser(server);
    const elsewhere = await loginFrom(user.email, CHROME_MAC);
    const started = await server.api('POST', '/api/billing/create-checkout-session', {
      token,
      body: { priceId: FAKE_PRICES.PRO.id },
    });
    expect(started.status).toBe(200);
    await stripe.pay(started.body.checkoutUrl.split('/').pop());
    const subId = stripe.deliveries.at(-1)!.event.data.object.id as string;
    await waitUntil(
      async () =>
        (await server.api('GET', '/api/billing/subscription', { token })).body.plan === 'PRO',
      { what: 'the upgrade to Pro' },
    );
    const subdomain = uniqueSubdomain('gone');
    const deployed = await deployCode(server, token, subdomain, htmlArtifact('Going away'));
    expect(deployed.status).toBe(201);
    await waitForDeployment(server, token, deployed.body.deployment.id);
    expect((await fetchSite(server.port, subdomain)).text).toContain('Going away');
    await server.api('POST', '/api/api-keys', {
      token,
      body: { provider: 'CLAUDE', keyName: 'k', apiKey: 'sk-ant-test-0123456789abcdef' },
    });

    const guest = await guestSession(server);
    const forGuest = await server.api('DELETE', '/api/auth/me', {
      token: guest.token,
      body: { email: guest.user.email },
    });
    expect(forGuest.status).toBe(403);

    const wrong = await server.api('DELETE', '/api/auth/me', {
      token,
      body: { email: 'someone-else@example.com' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('The e-mail address does not match this account.');
    const empty = await server.api('DELETE', '/api/auth/me', { token, body: { email: ' ' } });
    expect(empty.status).toBe(400);
    expect(stripe.subscription(subId)!.status).toBe('active');

    // Stripe can't be told: nothing is deleted
    stripe.failRequests((method, path) => method === 'DELETE' && path.includes(subId));
    try {
      const failed = await server.api('DELETE', '/api/auth/me', {
        token,
        body: { email: user.email },
      });
      expect(failed.status).toBe(502);
    } finally {
      stripe.failRequests(null);
    }
    expect(stripe.subscription(subId)!.status).toBe('active');
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await fetchSite(server.port, subdomain)).text).toContain('Going away');

    const { ended, off } = endedFor(user.id);
    const deletedSites: string[] = [];
    const offSites = server.ctx.events.on('site.deleted', (e) => {
      if (e.userId === user.id) deletedSites.push(e.siteId);
    });
    const done = await server.api('DELETE', '/api/auth/me', {
      token,
      body: { email: `  ${user.email.toUpperCase()} ` },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    off();
    offSites();
    expect(stripe.subscription(subId)!.status).toBe('canceled');
    expect(deletedSites).toHaveLength(1);
    expect(ended).toHaveLength(2);
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token: elsewhere })).status).toBe(401);
    expect((await fetchSite(server.port, subdomain)).status).toBe(404);
    const db = server.ctx.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('api_keys').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('sites').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    // the address is free for a new account
    await registerUser(server, { email: user.email });
  });

  it('keeps which e-mails the account wants; guests have none to choose', async () => {
    const { token } = await registerUser(server);
    const get = () => server.api('GET', '/api/auth/notifications', { token });
    expect((await get()).body).toEqual({ planChanged: true, paymentFailed: true });
    const put = await server.api('PUT', '/api/auth/notifications', {
      token,
      body: { planChanged: false, paymentFailed: true },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ planChanged: false, paymentFailed: true });
    expect((await get()).body).toEqual({ planChanged: false, paymentFailed: true });
    const bad = await server.api('PUT', '/api/auth/notifications', {
      token,
      body: { planChanged: 'no' },
    });
    expect(bad.status).toBe(400);

    const guest = await guestSession(server);
    expect(
      (await server.api('GET', '/api/auth/notifications', { token: guest.token })).status,
    ).toBe(403);
    const guestPut = await server.api('PUT', '/api/auth/notifications', {
      token: guest.token,
      body: { planChanged: false, paymentFailed: false },
    });
    expect(guestPut.status).toBe(403);
  });
});
