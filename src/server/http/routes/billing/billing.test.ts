import { afterAll, beforeAll, expect, it } from 'vitest';
import { BillingPlansResponseSchema, SubscriptionResponseSchema } from '../../../../shared/billing';
import type { PlanName } from '../../../../shared/plans';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  guestSession,
  registerUser,
  registerVerifiedUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { startServerWithStripe } from '../../../../../test/stripe-billed-server';
import { FAKE_PRICES, type FakeStripe } from '../../../../../test/stripe-server';
import { waitUntil } from '../../../../../test/wait';

const ADMIN_EMAIL = 'boss@example.com';

describeEachDatabase('billing', (dialect) => {
  let stripe: FakeStripe;
  let server: TestServer;
  const planChanges: { userId: string; plan: PlanName; previousPlan: PlanName }[] = [];

  beforeAll(async () => {
    ({ stripe, server } = await startServerWithStripe(dialect, { ADMIN_EMAILS: ADMIN_EMAIL }));
    server.ctx.events.on('user.plan-changed', (e) => planChanges.push(e));
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const checkout = (token: string | undefined, priceId: string) =>
    server.api('POST', '/api/billing/create-checkout-session', {
      ...(token ? { token } : {}),
      body: { priceId },
    });
  const subscription = async (token: string) =>
    SubscriptionResponseSchema.parse(
      (await server.api('GET', '/api/billing/subscription', { token })).body,
    );
  const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

  it('lists the plans with their prices, without signing in', async () => {
    const res = await server.api('GET', '/api/billing/plans');
    expect(res.status).toBe(200);
    const body = BillingPlansResponseSchema.parse(res.body);
    expect(body).toMatchObject({ billingEnabled: true, unavailableReason: null });
    expect(body.plans.PRO).toMatchObject({ priceMonthly: 9.99, stripePriceId: FAKE_PRICES.PRO.id });
    expect(body.plans.STARTER.stripePriceId).toBe(FAKE_PRICES.STARTER.id);
    expect(body.plans.FREE.stripePriceId).toBeNull();
  });

  it('upgrades through the hosted page: PRO, and a fourth site deploys', async () => {
    const { token, user } = await registerVerifiedUser(server);
    for (let i = 0; i < 3; i += 1) {
      const res = await deployCode(server, token, uniqueSubdomain('free'), htmlArtifact(`s${i}`));
      expect(res.status).toBe(201);
      await waitForDeployment(server, token, res.body.deployment.id);
    }
    const refused = await deployCode(server, token, uniqueSubdomain('fourth'), htmlArtifact('4'));
    expect(refused.status).toBe(403);

    const started = await checkout(token, FAKE_PRICES.PRO.id);
    expect(started.status).toBe(200);
    const page = await fetch(started.body.checkoutUrl);
    const html = await page.text();
    expect(html).toContain('Artifact Host Pro');
    expect(html).toContain('$9.99');
    expect(html).toContain('>Pay<');
    const paid = await fetch(started.body.checkoutUrl, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const sessionId = sessionIdOf(started.body.checkoutUrl);
    expect(paid.headers.get('location')).toBe(
      `${server.ctx.config.appOrigin}/settings?tab=billing&checkout=success&session_id=${sessionId}`,
    );
    await waitUntil(async () => (await subscription(token)).plan === 'PRO', { what: 'PRO' });
    const now = await subscription(token);
    expect(now).toMatchObject({
      plan: 'PRO',
      subscription: { plan: 'PRO', status: 'active', cancelAtPeriodEnd: false },
      usage: { sites: 3, maxSites: null },
      canManageBilling: true,
    });
    expect(Date.parse(now.subscription!.currentPeriodEnd!)).toBeGreaterThan(
      Date.now() + 20 * 864e5,
    );
    expect(planChanges).toContainEqual({ userId: user.id, plan: 'PRO', previousPlan: 'FREE' });

    const fourth = await deployCode(server, token, uniqueSubdomain('fourth'), htmlArtifact('4'));
    expect(fourth.status).toBe(201);

    // What Stripe was asked: one customer, and a session that names the user twice over.
    const created = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(created.at(-1)!.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: FAKE_PRICES.PRO.id, quantity: '1' }],
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      cancel_url: `${server.ctx.config.appOrigin}/settings?tab=billing&checkout=cancelled`,
    });
    expect(created.at(-1)!.params.success_url).toContain('session_id={CHECKOUT_SESSION_ID}');

    const again = await checkout(token, FAKE_PRICES.PRO.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/switch between Starter and Pro on the plan cards/);
    const other = await checkout(token, FAKE_PRICES.STARTER.id);
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe(
      'You already have a subscription: switch between Starter and Pro on the plan cards in Settings, or cancel it in Manage Billing.',
    );
  });

  it('confirm-checkout upgrades on arrival when no webhook comes; another user gets 404', async () => {
    stripe.setWebhookUrl(null);
    try {
      const { token, user } = await registerVerifiedUser(server);
      const started = await checkout(token, FAKE_PRICES.STARTER.id);
      const sessionId = sessionIdOf(started.body.checkoutUrl);
      await stripe.pay(sessionId);
      expect((await subscription(token)).plan).toBe('FREE');

      const stranger = await registerVerifiedUser(server);
      const stolen = await server.api('POST', '/api/billing/confirm-checkout', {
        token: stranger.token,
        body: { sessionId },
      });
      expect(stolen.status).toBe(404);
      const unknown = await server.api('POST', '/api/billing/confirm-checkout', {
        token,
        body: { sessionId: 'cs_test_nothing' },
      });
      expect(unknown.status).toBe(404);

      const confirmed = await server.api('POST', '/api/billing/confirm-checkout', {
        token,
        body: { sessionId },
      });
      expect(confirmed.status).toBe(200);
      expect(SubscriptionResponseSchema.parse(confirmed.body)).toMatchObject({
        plan: 'STARTER',
        subscription: { plan: 'STARTER', status: 'active' },
        usage: { maxSites: 15 },
      });
      // Twice is the same as once.
      const before = planChanges.filter((e) => e.userId === user.id).length;
      await server.api('POST', '/api/billing/confirm-checkout', { token, body: { sessionId } });
      expect(planChanges.filter((e) => e.userId === user.id)).toHaveLength(before);
      expect(before).toBe(1);
    } finally {
      stripe.setWebhookUrl(`${server.url}/api/billing/webhook`);
    }
  });

  it('refuses checkout to strangers, guests, admins, unknown prices and the plan already held', async () => {
    expect((await checkout(undefined, FAKE_PRICES.PRO.id)).status).toBe(401);
    expect((await server.api('GET', '/api/billing/subscription')).status).toBe(401);
    const confirmSignedOut = await server.api('POST', '/api/billing/confirm-checkout', {
      body: { sessionId: 'cs_test_x' },
    });
    expect(confirmSignedOut.status).toBe(401);
    const guest = await guestSession(server);
    const asGuest = await checkout(guest.token, FAKE_PRICES.PRO.id);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.error.message).toBe('Create an account to upgrade your plan.');
    // Receipts go to the address: an account that never confirmed it cannot pay yet.
    const unconfirmed = await registerUser(server);
    const asUnconfirmed = await checkout(unconfirmed.token, FAKE_PRICES.PRO.id);
    expect(asUnconfirmed.status).toBe(403);
    expect(asUnconfirmed.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    const { token } = await registerVerifiedUser(server);
    const unknown = await checkout(token, 'price_unknown');
    expect(unknown.status).toBe(400);
    const empty = await server.api('POST', '/api/billing/create-checkout-session', {
      token,
      body: {},
    });
    expect(empty.status).toBe(400);
    const admin = await registerUserOnPlan(server, 'ADMIN');
    expect((await checkout(admin.token, FAKE_PRICES.PRO.id)).status).toBe(409);
    const byEmail = await registerVerifiedUser(server, { email: ADMIN_EMAIL });
    expect((await checkout(byEmail.token, FAKE_PRICES.PRO.id)).status).toBe(409);
    expect((await subscription(byEmail.token)).plan).toBe('ADMIN');
    const pro = await registerUserOnPlan(server, 'PRO');
    const same = await checkout(pro.token, FAKE_PRICES.PRO.id);
    expect(same.status).toBe(409);
    expect(same.body.error.message).toMatch(/already on the Pro plan/);
  });

  it('makes one Stripe customer per user, even for racing checkouts', async () => {
    const { token, user } = await registerVerifiedUser(server);
    const before = stripe.calls.filter((c) => c.path === '/v1/customers').length;
    const [a, b] = await Promise.all([
      checkout(token, FAKE_PRICES.PRO.id),
      checkout(token, FAKE_PRICES.PRO.id),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await checkout(token, FAKE_PRICES.STARTER.id);
    const calls = stripe.calls.filter((c) => c.path === '/v1/customers').slice(before);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(
      new Set([`customer-of-user-${user.id}`]),
    );
    const customers = new Set(
      stripe.calls
        .filter((c) => c.path === '/v1/checkout/sessions' && c.params.metadata?.userId === user.id)
        .map((c) => c.params.customer),
    );
    expect(customers.size).toBe(1);
  });

  it('opens the portal for a customer, back to this site only', async () => {
    const { token } = await registerVerifiedUser(server);
    const portal = (returnUrl: string, t = token) =>
      server.api('POST', '/api/billing/create-portal-session', { token: t, body: { returnUrl } });
    const none = await portal(`${server.ctx.config.appOrigin}/settings`);
    expect(none.status).toBe(409);
    expect(none.body.error.message).toMatch(/no billing account/);
    const started = await checkout(token, FAKE_PRICES.PRO.id);
    await stripe.pay(sessionIdOf(started.body.checkoutUrl));
    expect((await portal('https://evil.example.com/settings')).status).toBe(400);
    expect((await portal('not a url')).status).toBe(400);
    const ok = await portal(`${server.ctx.config.appOrigin}/settings?tab=billing`);
    expect(ok.status).toBe(200);
    const html = await (await fetch(ok.body.portalUrl)).text();
    expect(html).toContain('Artifact Host Pro');
    expect(html).toContain('Cancel plan');
    expect(html).toContain(`href="${server.ctx.config.appOrigin}/settings?tab=billing"`);
    expect(html).toContain('Return to Artifact Host');
    expect(
      (await server.api('POST', '/api/billing/create-portal-session', { body: {} })).status,
    ).toBe(401);
  });
});

describeEachDatabase('billing without a Stripe key', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the plans as not for sale and answers 503 to everything else', async () => {
    const plans = BillingPlansResponseSchema.parse(
      (await server.api('GET', '/api/billing/plans')).body,
    );
    expect(plans.billingEnabled).toBe(false);
    expect(plans.unavailableReason).toBe('Payments are not set up on this server yet.');
    const { token } = await registerVerifiedUser(server);
    const calls: [string, string][] = [
      ['GET', '/api/billing/subscription'],
      ['POST', '/api/billing/create-checkout-session'],
      ['POST', '/api/billing/confirm-checkout'],
      ['POST', '/api/billing/create-portal-session'],
      ['POST', '/api/billing/webhook'],
    ];
    for (const [method, path] of calls) {
      const res = await server.api(method, path, {
        token,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status, path).toBe(503);
      expect(res.body.error.code).toBe('BILLING_UNAVAILABLE');
    }
  });
});
