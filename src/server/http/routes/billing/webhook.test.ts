import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SubscriptionResponseSchema } from '../../../../shared/billing';
import type { AppEvents } from '../../../events';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import { registerVerifiedUser, type TestServer } from '../../../../../test/server';
import { startServerWithStripe } from '../../../../../test/stripe-billed-server';
import { FAKE_PRICES, type FakeEvent, type FakeStripe } from '../../../../../test/stripe-server';
import { waitForEvent, waitUntil } from '../../../../../test/wait';
import { cancelSubscriptionOfDeletedAccount } from '../../../domain/billing/billing';
import { upsertSubscription } from '../../../db/queries/billing';
import { userById } from '../../../db/queries/users';

describeEachDatabase('Stripe webhook', (dialect) => {
  let stripe: FakeStripe;
  let server: TestServer;
  const heard: { [K in keyof AppEvents]?: AppEvents[K][] } = {};

  beforeAll(async () => {
    ({ stripe, server } = await startServerWithStripe(dialect));
    for (const name of ['user.plan-changed', 'billing.payment-failed'] as const) {
      server.ctx.events.on(name, (e) => ((heard[name] ??= []) as unknown[]).push(e));
    }
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const changesOf = (userId: string) =>
    (heard['user.plan-changed'] ?? []).filter((e) => e.userId === userId);
  const planOf = async (token: string) =>
    SubscriptionResponseSchema.parse(
      (await server.api('GET', '/api/billing/subscription', { token })).body,
    );
  const eventRows = async () =>
    (await server.ctx.db.selectFrom('stripe_events').select('id').execute()).length;

  /** A signed-up user who paid for `price` through the hosted page; returns the subscription id. */
  async function subscribed(price = FAKE_PRICES.PRO) {
    const auth = await registerVerifiedUser(server);
    const started = await server.api('POST', '/api/billing/create-checkout-session', {
      token: auth.token,
      body: { priceId: price.id },
    });
    await stripe.pay(started.body.checkoutUrl.split('/').pop());
    const subId = stripe.deliveries.at(-1)!.event.data.object.id as string;
    await waitUntil(async () => (await planOf(auth.token)).plan !== 'FREE', { what: 'upgrade' });
    return { ...auth, subId };
  }

  it('refuses a missing or wrong signature and changes nothing', async () => {
    const { token, subId } = await subscribed();
    const rows = await eventRows();
    const event: FakeEvent = {
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...stripe.subscription(subId), status: 'canceled' } },
    };
    const forged = await stripe.deliver(event, { signature: 't=1,v1=deadbeef' });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect((await planOf(token)).plan).toBe('PRO');
    expect(await eventRows()).toBe(rows);
  });

  it('applies each event once, and ignores types it does not use', async () => {
    const { user, subId } = await subscribed();
    const created = stripe.deliveries.find(
      (d) => d.event.type === 'customer.subscription.created' && d.event.data.object.id === subId,
    )!;
    // Were the event applied again it would read this state from Stripe and downgrade.
    const sub = stripe.subscription(subId)!;
    sub.status = 'canceled';
    try {
      expect((await stripe.deliver(created.event)).status).toBe(200);
    } finally {
      sub.status = 'active';
    }
    expect((await userById(server.ctx.db, user.id))!.plan).toBe('PRO');
    expect(changesOf(user.id)).toHaveLength(1);
    expect((await stripe.sendEvent('charge.succeeded', { id: 'ch_1' })).status).toBe(200);
  });

  it('ends on FREE when deletion comes before an older update', async () => {
    const { user, token, subId } = await subscribed();
    const older = structuredClone(stripe.subscription(subId)!);
    await stripe.endPeriod(subId);
    await waitUntil(async () => (await planOf(token)).plan === 'FREE', { what: 'FREE' });
    const late = await stripe.sendEvent('customer.subscription.updated', older);
    expect(late.status).toBe(200);
    expect(await planOf(token)).toMatchObject({ plan: 'FREE', subscription: null });
    // Even a stale write of our own cannot revive a canceled subscription.
    const row = await server.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('stripe_subscription_id', '=', subId)
      .executeTakeFirstOrThrow();
    await upsertSubscription(server.ctx.db, { ...row, status: 'active' });
    expect((await planOf(token)).subscription).toBeNull();
    expect(changesOf(user.id).map((e) => e.plan)).toEqual(['PRO', 'FREE']);
  });

  it('tells of a failed payment, keeping the plan while Stripe retries', async () => {
    const { user, token, subId } = await subscribed();
    await stripe.failPayment(subId);
    const told = await waitUntil(() =>
      (heard['billing.payment-failed'] ?? []).find((e) => e.userId === user.id),
    );
    expect(told).toMatchObject({ amountDue: 999, currency: 'usd' });
    expect(Date.parse(told.nextAttemptAt!)).toBeGreaterThan(Date.now());
    await waitUntil(async () => (await planOf(token)).subscription?.status === 'past_due');
    expect((await planOf(token)).plan).toBe('PRO');
  });

  it('keeps PRO until the period ends, then FREE: sites serve, redeploys work, new sites wait', async () => {
    const { token, subId } = await subscribed();
    const sites: { id: string; subdomain: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await deployCode(server, token, uniqueSubdomain('paid'), htmlArtifact(`p${i}`));
      expect(res.status).toBe(201);
      await waitForDeployment(server, token, res.body.deployment.id);
      sites.push(res.body.site);
    }
    const portal = await server.api('POST', '/api/billing/create-portal-session', {
      token,
      body: { returnUrl: `${server.ctx.config.appOrigin}/settings` },
    });
    const cancelled = await fetch(`${portal.body.portalUrl}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription: subId }),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    await waitUntil(async () => (await planOf(token)).subscription?.cancelAtPeriodEnd === true);
    expect((await planOf(token)).plan).toBe('PRO');

    await stripe.endPeriod(subId);
    await waitUntil(async () => (await planOf(token)).plan === 'FREE', { what: 'FREE' });
    for (const site of sites) {
      expect((await fetchSite(server.port, site.subdomain)).status).toBe(200);
    }
    const refused = await deployCode(server, token, uniqueSubdomain('over'), htmlArtifact('x'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('PLAN_LIMIT');
    const again = await server.api('POST', `/api/deployments/${sites[0]!.id}/redeploy`, { token });
    expect(again.status).toBe(201);
    expect((await waitForDeployment(server, token, again.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
  });

  it('never changes an admin, and tells open screens of plan changes', async () => {
    const { user, token, subId } = await subscribed(FAKE_PRICES.STARTER);
    const socket = io(server.url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    try {
      await new Promise((resolve, reject) => {
        socket.on('connect', () => resolve(undefined));
        socket.on('connect_error', reject);
      });
      await socket.timeout(5000).emitWithAck('join-user', user.id);
      const update = waitForEvent<{ type: string; plan?: string }>(
        socket,
        'user-update',
        (e) => e.type === 'plan-changed',
      );
      await stripe.failPayment(subId);
      await stripe.sendEvent('customer.subscription.updated', {
        ...stripe.subscription(subId)!,
      });
      stripe.subscription(subId)!.status = 'active';
      // A plan-changed message arrives only on a change: make one by going to FREE and back.
      await server.ctx.db
        .updateTable('users')
        .set({ plan: 'FREE' })
        .where('id', '=', user.id)
        .execute();
      await stripe.sendEvent('customer.subscription.updated', stripe.subscription(subId)!);
      expect(await update).toEqual({ type: 'plan-changed', plan: 'STARTER' });
    } finally {
      socket.disconnect();
    }
    await server.ctx.db
      .updateTable('users')
      .set({ plan: 'ADMIN' })
      .where('id', '=', user.id)
      .execute();
    const before = changesOf(user.id).length;
    await stripe.endPeriod(subId);
    await stripe.idle();
    expect((await userById(server.ctx.db, user.id))!.plan).toBe('ADMIN');
    expect(changesOf(user.id)).toHaveLength(before);
  });

  it('cancels the subscription of a deleted account at once, or refuses when Stripe fails', async () => {
    const { user, subId } = await subscribed();
    const row = (await userById(server.ctx.db, user.id))!;
    stripe.failRequests((method, path) => method === 'DELETE' && path.includes(subId));
    try {
      await expect(cancelSubscriptionOfDeletedAccount(server.ctx, row)).rejects.toMatchObject({
        status: 502,
      });
    } finally {
      stripe.failRequests(null);
    }
    expect(stripe.subscription(subId)!.status).toBe('active');
    await cancelSubscriptionOfDeletedAccount(server.ctx, row);
    expect(stripe.subscription(subId)!.status).toBe('canceled');
    const stranger = await registerVerifiedUser(server);
    await cancelSubscriptionOfDeletedAccount(
      server.ctx,
      (await userById(server.ctx.db, stranger.user.id))!,
    );
  });
});
