import type { Selectable } from 'kysely';
import type { SubscriptionStatus } from '../../../shared/billing';
import type { PlanName } from '../../../shared/plans';

// Stripe customers, subscriptions, and the webhook events already applied.

export interface BillingCustomersTable {
  user_id: string;
  stripe_customer_id: string;
  created_at: string;
}

/** A subscription as Stripe last described it (domain/billing/billing.ts reads Stripe, then writes). */
export interface SubscriptionsTable {
  stripe_subscription_id: string;
  user_id: string;
  stripe_customer_id: string;
  price_id: string | null;
  /** The paid plan its price buys; FREE when the price is not one of this installation's. */
  plan: PlanName;
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
}

/** Stripe webhook events already applied: each is applied once. */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

export type BillingCustomerRow = Selectable<BillingCustomersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
