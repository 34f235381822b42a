import type { PlanName } from '../../../shared/plans';
import type { UserRow } from '../../db/schema';

// Who may manage a subscription and read a checkout. Whether the account pays at all
// (`answersToBilling`) is in decide.ts beside the operator rule it rests on.

/** Stripe's billing page is offered to a paying plan with a customer on Stripe to manage. */
export function mayManageBilling(plan: PlanName, hasCustomer: boolean): boolean {
  return hasCustomer && (plan === 'STARTER' || plan === 'PRO');
}

/** A checkout session is read only by the account that started it (its id in the metadata). */
export function ownsCheckout(user: Pick<UserRow, 'id'>, startedBy: string | undefined): boolean {
  return startedBy === user.id;
}
