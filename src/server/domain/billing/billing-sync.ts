import type Stripe from 'stripe';
import { SubscriptionStatusSchema, type SubscriptionStatus } from '../../../shared/billing';
import type { PlanName } from '../../../shared/plans';
import {
  callStripe,
  isMissingOnStripe,
  stripeClient,
} from '../../integrations/stripe/stripe-client';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import {
  changeUserPlan,
  isStripeEventRecorded,
  recordStripeEvent,
  subscriptionsOfUserWithStatus,
  upsertSubscription,
  userIdOfStripeCustomer,
} from '../../db/queries/billing';
import { userById } from '../../db/queries/users';
import type { SubscriptionRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { answersToBilling } from '../policy';

// Applying Stripe's word on subscriptions to plans: webhooks and the return from Checkout
// both come through here, so whichever arrives first does the work and the other finds it done.

/** Statuses under which a subscription's plan is in force: past_due while Stripe retries. */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

const RANK: Record<PlanName, number> = { FREE: 0, STARTER: 1, PRO: 2, ADMIN: 3 };

/** The plan a Stripe price buys here; null for a price this installation does not sell. */
export function planOfPrice(config: Pick<Config, 'billing'>, priceId: string): PlanName | null {
  const { STARTER, PRO } = config.billing.prices;
  if (PRO && priceId === PRO) return 'PRO';
  if (STARTER && priceId === STARTER) return 'STARTER';
  return null;
}

/**
 * The plan a user's subscriptions give: the best one still live, else FREE. A subscription
 * set to cancel at period end stays active until Stripe ends it, so it keeps its plan.
 */
export function planOfSubscriptions(rows: Pick<SubscriptionRow, 'plan' | 'status'>[]): PlanName {
  let best: PlanName = 'FREE';
  for (const row of rows) {
    if (LIVE_STATUSES.includes(row.status) && RANK[row.plan] > RANK[best]) best = row.plan;
  }
  return best;
}

export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

const isoOfUnix = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

function rowOf(
  config: Config,
  sub: Stripe.Subscription,
  userId: string,
  now: string,
): SubscriptionRow {
  const item = sub.items?.data?.[0];
  const priceId = item?.price?.id ?? null;
  const status = SubscriptionStatusSchema.safeParse(sub.status);
  return {
    stripe_subscription_id: sub.id,
    user_id: userId,
    stripe_customer_id: idOf(sub.customer) ?? '',
    price_id: priceId,
    plan: (priceId && planOfPrice(config, priceId)) || 'FREE',
    status: status.success ? status.data : 'incomplete',
    current_period_end: isoOfUnix(item?.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}

/** Whose subscription this is: our own customer record first, then the metadata we set. */
async function ownerOf(ctx: AppContext, sub: Stripe.Subscription): Promise<string | null> {
  const customerId = idOf(sub.customer);
  const byCustomer = customerId ? await userIdOfStripeCustomer(ctx.db, customerId) : undefined;
  if (byCustomer) return byCustomer;
  const byMetadata = sub.metadata?.userId;
  if (byMetadata && (await userById(ctx.db, byMetadata))) return byMetadata;
  return null;
}

export interface StripeEventRef {
  id: string;
  type: string;
}

/**
 * Reads the subscription from Stripe (the source of truth, so events arriving out of order
 * all apply its latest state) and stores it, with the owner's plan and the event id, in one
 * transaction. `fallback`: what a deletion event carried, for a subscription Stripe no
 * longer returns.
 */
export async function syncSubscription(
  ctx: AppContext,
  subscriptionId: string,
  event?: StripeEventRef,
  fallback?: Stripe.Subscription,
): Promise<void> {
  if (event && (await isStripeEventRecorded(ctx.db, event.id))) return;
  const stripe = stripeClient(ctx.config);
  let sub: Stripe.Subscription;
  try {
    sub = await callStripe(ctx.log, 'read the subscription', async () => {
      try {
        return await stripe.subscriptions.retrieve(subscriptionId);
      } catch (err) {
        if (fallback && isMissingOnStripe(err)) return fallback;
        throw err;
      }
    });
  } catch (err) {
    ctx.log.warn({ subscriptionId, event: event?.id }, 'subscription not applied');
    throw err;
  }
  const userId = await ownerOf(ctx, sub);
  const now = nowIso();
  if (!userId) {
    ctx.log.warn({ subscriptionId, event: event?.id }, 'a subscription of no known user');
    if (event) await recordStripeEvent(ctx.db, { ...event, processedAt: now });
    return;
  }
  const change = await ctx.db.transaction().execute(async (trx) => {
    if (event && !(await recordStripeEvent(trx, { ...event, processedAt: now }))) return null;
    await upsertSubscription(trx, rowOf(ctx.config, sub, userId, now));
    const user = await userById(trx, userId);
    if (!user || !answersToBilling(ctx.config, user)) return null;
    const plan = planOfSubscriptions(
      await subscriptionsOfUserWithStatus(trx, userId, LIVE_STATUSES),
    );
    if (plan === user.plan) return null;
    const changed = await changeUserPlan(trx, userId, user.plan, plan, now);
    return changed ? { userId, plan, previousPlan: user.plan } : null;
  });
  if (change) {
    ctx.log.info(change, 'plan changed by billing');
    ctx.events.emit('user.plan-changed', change);
  }
}

async function paymentFailed(ctx: AppContext, event: Stripe.InvoicePaymentFailedEvent) {
  const invoice = event.data.object;
  const customerId = idOf(invoice.customer);
  const userId = customerId ? await userIdOfStripeCustomer(ctx.db, customerId) : undefined;
  const recorded = await recordStripeEvent(ctx.db, { ...event, processedAt: nowIso() });
  if (!recorded || !userId) return;
  ctx.events.emit('billing.payment-failed', {
    userId,
    amountDue: invoice.amount_due ?? null,
    currency: invoice.currency ?? null,
    nextAttemptAt: isoOfUnix(invoice.next_payment_attempt),
  });
}

/** Applies one verified webhook event; types we do not use are ignored. */
export async function applyStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<void> {
  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const subscriptionId = idOf(event.data.object.subscription);
      if (subscriptionId) await syncSubscription(ctx, subscriptionId, ref);
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      await syncSubscription(ctx, event.data.object.id, ref);
      return;
    case 'customer.subscription.deleted':
      await syncSubscription(ctx, event.data.object.id, ref, event.data.object);
      return;
    case 'invoice.payment_failed':
      await paymentFailed(ctx, event);
      return;
    default:
      return;
  }
}
