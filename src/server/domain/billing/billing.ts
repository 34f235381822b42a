import { PLANS, maxSitesFor, type PlanName } from '../../../shared/plans';
import {
  callStripe,
  isMissingOnStripe,
  stripeClient,
} from '../../integrations/stripe/stripe-client';
import type { AppContext } from '../../context';
import { storedBytesOfUser } from '../../db/queries/blobs';
import {
  billingCustomerOfUser,
  insertBillingCustomer,
  subscriptionsOfUserWithStatus,
} from '../../db/queries/billing';
import { countUnexpiredSitesOfUser } from '../../db/queries/sites';
import { userById } from '../../db/queries/users';
import { isUniqueViolation } from '../../db/errors';
import type { SubscriptionRow, UserRow } from '../../db/schema';
import {
  badRequest,
  billingUnavailable,
  conflict,
  notFound,
  paymentProviderFailed,
} from '../../errors';
import { nowIso } from '../../lib/ids';
import { LIVE_STATUSES, idOf, planOfPrice, syncSubscription } from './billing-sync';
import { planOf, storageAllowanceOf } from './plans';
import { assertEmailVerified, authorize, mayManageBilling, ownsCheckout } from '../policy';

// Plans bought through Stripe Checkout and cancelled in Stripe's portal (Starter ↔ Pro is
// plan-change.ts); with billing off, every call says so in one sentence.

export const ALREADY_SUBSCRIBED =
  'You already have a subscription: switch between Starter and Pro on the plan cards in Settings, or cancel it in Manage Billing.';

/** Where an account stands: the plan in force, the live subscription and the usage. */
export interface BillingStanding {
  plan: PlanName;
  /** undefined: never subscribed, or the last subscription has ended. */
  subscription: SubscriptionRow | undefined;
  /** The limits are null where the plan has none. */
  usage: {
    sites: number;
    maxSites: number | null;
    storageBytes: number;
    storageQuotaBytes: number | null;
  };
  /** Stripe's portal is for STARTER and PRO users with a Stripe customer. */
  canManageBilling: boolean;
}

/** GET /api/billing/subscription: the plan in force, the live subscription and the usage. */
export async function subscriptionOf(ctx: AppContext, user: UserRow): Promise<BillingStanding> {
  const plan = planOf(ctx.config, user);
  const [live] = await subscriptionsOfUserWithStatus(ctx.db, user.id, LIVE_STATUSES);
  const customer = await billingCustomerOfUser(ctx.db, user.id);
  return {
    plan,
    subscription: live,
    usage: {
      sites: await countUnexpiredSitesOfUser(ctx.db, user.id, nowIso()),
      maxSites: maxSitesFor(plan),
      storageBytes: await storedBytesOfUser(ctx.db, user.id),
      storageQuotaBytes: storageAllowanceOf(plan).quotaBytes,
    },
    canManageBilling: mayManageBilling(plan, customer !== undefined),
  };
}

/** The user's one Stripe customer, created on first need; two racing calls end with one. */
async function customerIdOf(ctx: AppContext, user: UserRow): Promise<string> {
  const known = await billingCustomerOfUser(ctx.db, user.id);
  if (known) return known.stripe_customer_id;
  const stripe = stripeClient(ctx.config);
  // The same key makes Stripe answer a racing or retried call with the same customer.
  const customer = await callStripe(ctx.log, 'set up your billing account', () =>
    stripe.customers.create(
      {
        email: user.email,
        ...(user.name ? { name: user.name } : {}),
        metadata: { userId: user.id },
      },
      { idempotencyKey: `customer-of-user-${user.id}` },
    ),
  );
  try {
    await insertBillingCustomer(ctx.db, {
      user_id: user.id,
      stripe_customer_id: customer.id,
      created_at: nowIso(),
    });
    return customer.id;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await billingCustomerOfUser(ctx.db, user.id);
    if (!winner) throw err;
    return winner.stripe_customer_id;
  }
}

const PLAN_WORDS = (plan: PlanName) => `the ${PLANS[plan].label} plan`;

/** POST /api/billing/create-checkout-session: Stripe's page where the plan is paid for (its URL). */
export async function startCheckout(
  ctx: AppContext,
  user: UserRow,
  priceId: string,
): Promise<string> {
  const stripe = stripeClient(ctx.config);
  authorize(user, 'billing.upgrade');
  // Receipts and billing notices go to the address: it must be the payer's own.
  assertEmailVerified(user);
  const target = planOfPrice(ctx.config, priceId);
  if (!target) throw badRequest('This plan cannot be bought here: its price is not one we sell.');
  const current = planOf(ctx.config, user);
  if (current === 'ADMIN') {
    throw conflict('Your account is an administrator’s and has every feature: nothing to buy.');
  }
  // A second subscription would charge twice: Starter ↔ Pro goes through change-plan instead.
  const live = await subscriptionsOfUserWithStatus(ctx.db, user.id, LIVE_STATUSES);
  if (live.length > 0) throw conflict(ALREADY_SUBSCRIBED);
  if (current === target) throw conflict(`You are already on ${PLAN_WORDS(target)}.`);
  const customer = await customerIdOf(ctx, user);
  const settings = `${ctx.config.appOrigin}/settings?tab=billing`;
  const session = await callStripe(ctx.log, 'start the checkout', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: priceId, quantity: 1 }],
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      success_url: `${settings}&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${settings}&checkout=cancelled`,
    }),
  );
  if (!session.url) throw paymentProviderFailed('The payment provider gave no checkout page.');
  return session.url;
}

/**
 * POST /api/billing/confirm-checkout: back from Checkout, applies the session's subscription
 * at once through the webhook's own path, so the upgrade shows before the webhook arrives.
 */
export async function confirmCheckout(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
): Promise<BillingStanding> {
  const stripe = stripeClient(ctx.config);
  const missing = () => notFound('Checkout session not found');
  const session = await callStripe(
    ctx.log,
    'read the checkout session',
    () => stripe.checkout.sessions.retrieve(sessionId),
    missing,
  );
  // Someone else's session reads as none at all, so ids cannot be probed.
  if (!ownsCheckout(user, session.metadata?.userId)) throw missing();
  const subscriptionId = idOf(session.subscription);
  if (session.status === 'complete' && subscriptionId) {
    await syncSubscription(ctx, subscriptionId);
  }
  return subscriptionOf(ctx, (await userById(ctx.db, user.id)) ?? user);
}

/** POST /api/billing/create-portal-session: Stripe's page to change, cancel or pay (its URL). */
export async function openBillingPortal(
  ctx: AppContext,
  user: UserRow,
  returnUrl: string,
): Promise<string> {
  const stripe = stripeClient(ctx.config);
  assertEmailVerified(user);
  const own = new URL(ctx.config.appOrigin).origin;
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw badRequest('The return address must be a page of this site.');
  }
  if (url.origin !== own) throw badRequest('The return address must be a page of this site.');
  const customer = await billingCustomerOfUser(ctx.db, user.id);
  if (!customer) {
    throw conflict('There is no billing account to manage yet: choose a paid plan first.');
  }
  const portal = await callStripe(ctx.log, 'open the billing portal', () =>
    stripe.billingPortal.sessions.create({
      customer: customer.stripe_customer_id,
      return_url: url.toString(),
    }),
  );
  return portal.url;
}

const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Ends the account's Stripe subscription at once, before the account is deleted: nobody is
 * charged for an account that is gone. Throws, deleting nothing, when Stripe can't be told.
 */
export async function cancelSubscriptionOfDeletedAccount(
  ctx: AppContext,
  user: UserRow,
): Promise<void> {
  const customer = await billingCustomerOfUser(ctx.db, user.id);
  if (!customer) return;
  if (!ctx.config.billing.secretKey) {
    const live = await subscriptionsOfUserWithStatus(ctx.db, user.id, LIVE_STATUSES);
    if (live.length > 0) throw billingUnavailable();
    return;
  }
  const stripe = stripeClient(ctx.config);
  // Stripe's list, not ours: a subscription whose webhook has not arrived yet is ended too.
  const subscriptions = await callStripe(ctx.log, 'cancel your subscription', () =>
    stripe.subscriptions.list({ customer: customer.stripe_customer_id, status: 'all', limit: 100 }),
  );
  for (const sub of subscriptions.data) {
    if (ENDED.has(sub.status)) continue;
    await callStripe(ctx.log, 'cancel your subscription', async () => {
      try {
        await stripe.subscriptions.cancel(sub.id);
      } catch (err) {
        if (!isMissingOnStripe(err)) throw err;
      }
    });
  }
}
