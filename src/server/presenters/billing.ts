import type { BillingPlansResponse, SubscriptionResponse } from '../../shared/billing';
import { PLAN_NAMES, PLANS } from '../../shared/plans';
import type { Config } from '../config';
import type { BillingStanding } from '../domain/billing/billing';

const BILLING_OFF_REASON = 'Payments are not set up on this server yet.';

/** Every plan, with the price it is sold at here; without a Stripe key nothing is sold. */
export function presentBillingPlans(config: Config): BillingPlansResponse {
  const enabled = config.billing.secretKey !== null;
  const plans = Object.fromEntries(
    PLAN_NAMES.map((name) => [
      name,
      {
        ...PLANS[name],
        stripePriceId: name === 'STARTER' || name === 'PRO' ? config.billing.prices[name] : null,
      },
    ]),
  ) as BillingPlansResponse['plans'];
  return { plans, billingEnabled: enabled, unavailableReason: enabled ? null : BILLING_OFF_REASON };
}

export function presentSubscription(standing: BillingStanding): SubscriptionResponse {
  const live = standing.subscription;
  return {
    plan: standing.plan,
    subscription: live
      ? {
          plan: live.plan,
          status: live.status,
          currentPeriodEnd: live.current_period_end,
          cancelAtPeriodEnd: live.cancel_at_period_end === 1,
        }
      : null,
    usage: standing.usage,
    canManageBilling: standing.canManageBilling,
  };
}
