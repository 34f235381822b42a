import type Stripe from 'stripe';
import type {
  ChangePlanRequest,
  PlanChangePreview,
  PlanChangeStarted,
} from '../../../shared/billing';
import { PLANS, type PlanName } from '../../../shared/plans';
import type { AppContext } from '../../context';
import { subscriptionsOfUserWithStatus } from '../../db/queries/billing';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, paymentProviderFailed } from '../../errors';
import { callStripe, stripeClient } from '../../integrations/stripe/stripe-client';
import { assertEmailVerified, authorize } from '../policy';
import { planOfPrice } from './billing-sync';
import { effectsOfDowngrade } from './plan-change-effects';
import { planOf } from './plans';

// Starter ↔ Pro on a running subscription, from the app: the preview is Stripe's own invoice
// preview for the change, and applying asks Stripe to update the subscription. The plan in
// force moves only when Stripe's webhook says so (billing-sync.ts), as for every other change.

const RANK: Record<PlanName, number> = { FREE: 0, STARTER: 1, PRO: 2, ADMIN: 3 };

// The unused part of the period is settled at once: an upgrade is charged now, a downgrade
// leaves a credit the next invoices use, so nobody waits a month to see what it cost.
const PRORATION = 'always_invoice' as const;

/** A preview's prices hold this long; after that the person is asked to look again. */
const PREVIEW_VALID_SECONDS = 60 * 60;

interface Change {
  stripe: Stripe;
  current: PlanName;
  target: PlanName;
  price: string;
  subscription: Stripe.Subscription;
  item: Stripe.SubscriptionItem;
}

/** Everything a change needs, or the reason it cannot be made, in words. */
async function prepare(ctx: AppContext, user: UserRow, plan: PlanName): Promise<Change> {
  const stripe = stripeClient(ctx.config);
  authorize(user, 'billing.change-plan');
  assertEmailVerified(user);
  const current = planOf(ctx.config, user);
  if (current === 'ADMIN') {
    throw conflict('Your account is an administrator’s and has every feature: nothing to change.');
  }
  const price = ctx.config.billing.prices[plan as 'STARTER' | 'PRO'];
  if (!price) throw conflict(`The ${PLANS[plan].label} plan is not sold on this server.`);
  const [live] = await subscriptionsOfUserWithStatus(ctx.db, user.id, ['active', 'trialing']);
  if (!live) {
    const unpaid = await subscriptionsOfUserWithStatus(ctx.db, user.id, ['past_due']);
    throw conflict(
      unpaid.length > 0
        ? 'Your last payment did not go through: settle it in Manage Billing before changing plans.'
        : 'You have no subscription to change: choose a plan to subscribe first.',
    );
  }
  if (live.plan === plan) throw conflict(`You are already on the ${PLANS[plan].label} plan.`);
  const subscription = await callStripe(ctx.log, 'read your subscription', () =>
    stripe.subscriptions.retrieve(live.stripe_subscription_id),
  );
  const item = subscription.items.data[0];
  if (!item)
    throw paymentProviderFailed('The payment provider shows no plan on your subscription.');
  // Stripe already has the new price and its webhook is on the way: a second change would
  // preview nothing and charge nothing, so say what is happening instead.
  if (planOfPrice(ctx.config, item.price.id) === plan) {
    throw conflict(`Your plan is already changing to ${PLANS[plan].label}; it shows in a moment.`);
  }
  return { stripe, current, target: plan, price, subscription, item };
}

function prorationDateOf(asked: number | undefined, now: number): number {
  if (asked === undefined) return now;
  if (asked > now + 60 || asked < now - PREVIEW_VALID_SECONDS) {
    throw badRequest('The price shown is out of date. Please look at the change again.');
  }
  return asked;
}

const isoOfUnix = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

/** POST /api/billing/change-plan { preview: true }: Stripe's invoice for the change, in words. */
export async function previewPlanChange(
  ctx: AppContext,
  user: UserRow,
  request: ChangePlanRequest,
): Promise<PlanChangePreview> {
  const change = await prepare(ctx, user, request.plan);
  const prorationDate = prorationDateOf(request.prorationDate, Math.floor(Date.now() / 1000));
  const invoice = await callStripe(ctx.log, 'work out the price of the change', () =>
    change.stripe.invoices.createPreview({
      customer: String(
        typeof change.subscription.customer === 'string'
          ? change.subscription.customer
          : change.subscription.customer.id,
      ),
      subscription: change.subscription.id,
      subscription_details: {
        items: [{ id: change.item.id, price: change.price }],
        proration_behavior: PRORATION,
        proration_date: prorationDate,
      },
    }),
  );
  const downgrade = RANK[change.target] < RANK[change.current];
  return {
    plan: change.target,
    currentPlan: change.current,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    total: invoice.total,
    // Stripe keeps a credit as a negative balance.
    creditAfter: Math.max(0, -(invoice.ending_balance ?? 0)),
    prorationDate,
    renewsAt: isoOfUnix(change.item.current_period_end),
    downgrade,
    effects: downgrade ? await effectsOfDowngrade(ctx, user, change.current, change.target) : [],
  };
}

/** POST /api/billing/change-plan: asks Stripe to move the subscription to the new price. */
export async function applyPlanChange(
  ctx: AppContext,
  user: UserRow,
  request: ChangePlanRequest,
): Promise<PlanChangeStarted> {
  const change = await prepare(ctx, user, request.plan);
  const prorationDate = prorationDateOf(request.prorationDate, Math.floor(Date.now() / 1000));
  const updated = await callStripe(ctx.log, 'change your plan', () =>
    change.stripe.subscriptions.update(
      change.subscription.id,
      {
        items: [{ id: change.item.id, price: change.price }],
        proration_behavior: PRORATION,
        proration_date: prorationDate,
        // An upgrade whose charge fails leaves the subscription as it was.
        payment_behavior: 'pending_if_incomplete',
      },
      // No idempotency key of ours: a failed attempt must be retryable with the same preview,
      // and a second update to the same price prorates nothing, so a double click costs once.
      // The client's own key covers its network retries.
    ),
  );
  if (updated.pending_update) {
    throw paymentProviderFailed(
      'The payment for the new plan did not go through, so your plan is unchanged. Check your card in Manage Billing and try again.',
    );
  }
  return { plan: change.target, currentPlan: change.current, changing: true };
}
