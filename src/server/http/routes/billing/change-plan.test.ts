import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  PlanChangePreviewSchema,
  PlanChangeStartedSchema,
  SubscriptionResponseSchema,
} from '../../../../shared/billing';
import type { PlanName } from '../../../../shared/plans';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  guestSession,
  registerUserOnPlan,
  registerVerifiedUser,
  type TestServer,
} from '../../../../../test/server';
import { startServerWithStripe } from '../../../../../test/stripe-billed-server';
import { FAKE_PRICES, type FakeStripe } from '../../../../../test/stripe-server';
import { waitUntil } from '../../../../../test/wait';

describeEachDatabase('changing plans in the app', (dialect) => {
  let stripe: FakeStripe;
  let server: TestServer;
  const planChanges: { userId: string; plan: PlanName; previousPlan: PlanName }[] = [];

  beforeAll(async () => {
    ({ stripe, server } = await startServerWithStripe(dialect));
    server.ctx.events.on('user.plan-changed', (e) => planChanges.push(e));
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const changePlan = (token: string, body: Record<string, unknown>) =>
    server.api('POST', '/api/billing/change-plan', { token, body });
  const planOf = async (token: string) =>
    SubscriptionResponseSchema.parse(
      (await server.api('GET', '/api/billing/subscription', { token })).body,
    );

  /** A verified account that paid for `plan` through the hosted Checkout page. */
  async function subscriber(plan: 'STARTER' | 'PRO') {
    const account = await registerVerifiedUser(server);
    const started = await server.api('POST', '/api/billing/create-checkout-session', {
      token: account.token,
      body: { priceId: FAKE_PRICES[plan].id },
    });
    await stripe.pay(started.body.checkoutUrl.split('/').pop());
    await waitUntil(async () => (await planOf(account.token)).plan === plan, { what: plan });
    return account;
  }

  it('previews Starter → Pro with Stripe’s proration, applies it, and the webhook moves the plan', async () => {
    const { token, user } = await subscriber('STARTER');
    const res = await changePlan(token, { plan: 'PRO', preview: true });
    expect(res.status).toBe(200);
    const preview = PlanChangePreviewSchema.parse(res.body);
    // Just after paying, almost the whole month is left: about Pro's price less Starter's.
    const difference = FAKE_PRICES.PRO.unitAmount - FAKE_PRICES.STARTER.unitAmount;
    expect(preview).toMatchObject({ plan: 'PRO', currentPlan: 'STARTER', currency: 'usd' });
    expect(preview.amountDue).toBeGreaterThan(difference - 5);
    expect(preview.amountDue).toBeLessThanOrEqual(difference);
    expect(preview).toMatchObject({ downgrade: false, effects: [], creditAfter: 0 });
    const asked = stripe.calls.filter((c) => c.path === '/v1/invoices/create_preview').at(-1)!;
    expect(asked.params.subscription_details).toMatchObject({
      items: [{ price: FAKE_PRICES.PRO.id }],
      proration_behavior: 'always_invoice',
      proration_date: String(preview.prorationDate),
    });
    // A preview changes nothing.
    expect((await planOf(token)).plan).toBe('STARTER');

    stripe.failRequests(
      (method, path) => method === 'POST' && path.startsWith('/v1/subscriptions/'),
    );
    const failed = await changePlan(token, { plan: 'PRO', prorationDate: preview.prorationDate });
    stripe.failRequests(null);
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toMatch(/could not change your plan. Nothing was changed/);

    const applied = await changePlan(token, { plan: 'PRO', prorationDate: preview.prorationDate });
    expect(applied.status).toBe(202);
    expect(PlanChangeStartedSchema.parse(applied.body)).toEqual({
      plan: 'PRO',
      currentPlan: 'STARTER',
      changing: true,
    });
    await waitUntil(async () => (await planOf(token)).plan === 'PRO', { what: 'PRO' });
    expect(planChanges).toContainEqual({ userId: user.id, plan: 'PRO', previousPlan: 'STARTER' });
    // Charged exactly what was shown, because the preview's moment was sent back.
    expect(stripe.invoices.at(-1)).toMatchObject({ amount_paid: preview.amountDue });
    expect((await planOf(token)).subscription).toMatchObject({ plan: 'PRO', status: 'active' });
  });

  it('says what a downgrade does before it, credits the unused time, and the credit pays the next change', async () => {
    const { token, user } = await subscriber('PRO');
    const res = await changePlan(token, { plan: 'STARTER', preview: true });
    expect(res.status).toBe(200);
    const preview = PlanChangePreviewSchema.parse(res.body);
    expect(preview).toMatchObject({ plan: 'STARTER', currentPlan: 'PRO', downgrade: true });
    expect(preview.amountDue).toBe(0);
    expect(preview.total).toBeLessThan(0);
    expect(preview.creditAfter).toBe(-preview.total);
    expect(preview.effects).toContain(
      'The Starter plan holds up to 15 sites; you have 0, so all of them stay as they are.',
    );
    expect(preview.effects.join(' ')).toMatch(/Storage becomes 1\.0 GB .* latest 10 versions/);
    expect(preview.effects).toContain('Page-view analytics older than 365 days are deleted.');

    const applied = await changePlan(token, { plan: 'STARTER' });
    expect(applied.status).toBe(202);
    await waitUntil(async () => (await planOf(token)).plan === 'STARTER', { what: 'STARTER' });
    expect(planChanges).toContainEqual({ userId: user.id, plan: 'STARTER', previousPlan: 'PRO' });

    // Back up again: the credit left by the downgrade covers the upgrade's charge.
    const back = PlanChangePreviewSchema.parse(
      (await changePlan(token, { plan: 'PRO', preview: true })).body,
    );
    // (Give or take a cent of rounding between the two prorations.)
    expect(back.amountDue).toBeLessThanOrEqual(2);
    expect(back.total).toBeGreaterThan(400);
  });

  it('refuses what cannot be changed, with words, and leaves the subscription alone', async () => {
    const signedOut = await server.api('POST', '/api/billing/change-plan', {
      body: { plan: 'PRO', preview: true },
    });
    expect(signedOut.status).toBe(401);
    const guest = await guestSession(server);
    const asGuest = await changePlan(guest.token, { plan: 'PRO', preview: true });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.error.message).toBe('Create an account to upgrade your plan.');

    const free = await registerVerifiedUser(server);
    const nothing = await changePlan(free.token, { plan: 'PRO', preview: true });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.message).toBe(
      'You have no subscription to change: choose a plan to subscribe first.',
    );

    const { token } = await subscriber('STARTER');
    const before = stripe.calls.length;
    const same = await changePlan(token, { plan: 'STARTER', preview: true });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe('You are already on the Starter plan.');
    const toFree = await changePlan(token, { plan: 'FREE' });
    expect(toFree.status).toBe(400);
    expect(toFree.body.error.message).toMatch(/Starter or the Pro plan/);
    const stale = await changePlan(token, {
      plan: 'PRO',
      prorationDate: Math.floor(Date.now() / 1000) - 2 * 60 * 60,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toMatch(/out of date/);
    // None of these reached Stripe's subscription.
    expect(
      stripe.calls.slice(before).filter((c) => c.method === 'POST' && c.path.startsWith('/v1/sub')),
    ).toEqual([]);

    // A script's token may deploy; it may not spend the account's money.
    const minted = await server.api('POST', '/api/tokens', {
      token,
      body: { name: 'ci', scope: 'deploy' },
    });
    expect(minted.status).toBe(201);
    const byToken = await changePlan(minted.body.secret, { plan: 'PRO' });
    expect(byToken.status).toBe(403);
    expect((await planOf(token)).plan).toBe('STARTER');

    const admin = await registerUserOnPlan(server, 'ADMIN');
    expect((await changePlan(admin.token, { plan: 'PRO', preview: true })).status).toBe(409);
  });
});
