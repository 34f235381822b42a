import type { AppContext } from '../../context';
import { sessionIdsOfUser } from '../../db/queries/sessions';
import { sitesOfUser } from '../../db/queries/sites';
import { deleteUserRow } from '../../db/queries/users';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { revokeAllAccessTokens } from '../credentials/access-tokens';
import { cancelSubscriptionOfDeletedAccount } from '../billing/billing';
import { authorize } from '../policy';
import { endedSessions } from './sessions';
import { deleteSite } from '../sites/sites';

export const EMAIL_DOES_NOT_MATCH = 'The e-mail address does not match this account.';

/**
 * Deletes the account and everything it made, confirmed by its e-mail typed again. The
 * subscription is cancelled first: if Stripe can't be told, nothing is deleted and nobody is
 * charged for an account that is gone. Sites go through deleteSite, so hosting forgets them
 * and their files nothing else uses are removed; keys, sessions and reset links go with the
 * user row. Each step can be run again, so a failure part-way is finished by asking again.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  typedEmail: string,
): Promise<void> {
  authorize(user, 'account.delete');
  if (typedEmail !== user.email.toLowerCase()) throw badRequest(EMAIL_DOES_NOT_MATCH);
  await cancelSubscriptionOfDeletedAccount(ctx, user);
  for (const site of await sitesOfUser(ctx.db, user.id)) await deleteSite(ctx, site);
  const sessions = await sessionIdsOfUser(ctx.db, user.id);
  // Deleted here rather than by the cascade, so the sockets they opened are dropped too.
  await revokeAllAccessTokens(ctx, user.id);
  await deleteUserRow(ctx.db, user.id);
  endedSessions(ctx, user.id, sessions);
}
