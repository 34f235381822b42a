import type { SubscriptionStatus } from '../../../shared/billing';
import type { PlanName } from '../../../shared/plans';
import type { Database } from '../database';
import type { BillingCustomerRow, SubscriptionRow } from '../schema';

// Stripe customers, subscriptions and processed webhook events (migrations/009_billing.ts).
// Each function takes a Database or a transaction, so domain/billing/billing.ts can group them.

export async function billingCustomerOfUser(
  db: Database,
  userId: string,
): Promise<BillingCustomerRow | undefined> {
  return db
    .selectFrom('billing_customers')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function userIdOfStripeCustomer(
  db: Database,
  stripeCustomerId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('billing_customers')
    .select('user_id')
    .where('stripe_customer_id', '=', stripeCustomerId)
    .executeTakeFirst();
  return row?.user_id;
}

/** Throws a unique violation when the user (or the Stripe customer) already has a row. */
export async function insertBillingCustomer(db: Database, row: BillingCustomerRow): Promise<void> {
  await db.insertInto('billing_customers').values(row).execute();
}

export async function subscriptionsOfUserWithStatus(
  db: Database,
  userId: string,
  statuses: readonly SubscriptionStatus[],
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .orderBy('updated_at', 'desc')
    .orderBy('stripe_subscription_id')
    .execute();
}

export async function subscriptionById(
  db: Database,
  id: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('stripe_subscription_id', '=', id)
    .executeTakeFirst();
}

/**
 * Stores Stripe's state of a subscription. A row already 'canceled' stays so: Stripe never
 * revives a canceled subscription, so a later write can only come from an older event.
 */
export async function upsertSubscription(db: Database, row: SubscriptionRow): Promise<void> {
  const { stripe_subscription_id: _id, created_at: _created, ...changes } = row;
  await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('stripe_subscription_id')
        .doUpdateSet(changes)
        .where('subscriptions.status', '!=', 'canceled'),
    )
    .execute();
}

/** Records a webhook event as applied; false when it already was (nothing written). */
export async function recordStripeEvent(
  db: Database,
  event: { id: string; type: string; processedAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, processed_at: event.processedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function isStripeEventRecorded(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('stripe_events')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a user from `from` to `to`; false when their plan was no longer `from` (another
 * writer got there first), so only one of two racing writers reports the change.
 */
export async function changeUserPlan(
  db: Database,
  userId: string,
  from: PlanName,
  to: PlanName,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ plan: to, updated_at: at })
    .where('id', '=', userId)
    .where('plan', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
