import type { AppContext } from '../../context';
import { deleteUserRow } from '../../db/queries/users';
import type { UserRow } from '../../db/schema';
import { insertGuest } from '../accounts/accounts';
import { claimLinkFor } from '../sites/claims';
import { startDeployment, type Started } from './deployments';

type DeployInput = Parameters<typeof startDeployment>[2];

/**
 * A deploy through the API with no session at all (curl, a script): it becomes a 24-hour
 * guest site like the web's, made by a guest created for it alone, and the answer carries a
 * claim link that moves the site into whichever account opens it. With a user it is an
 * ordinary deploy. A refused deploy leaves no guest behind.
 */
export async function deployWithOrWithoutSession(
  ctx: AppContext,
  user: UserRow | null,
  input: DeployInput,
): Promise<Started & { claim?: { url: string; expiresAt: string } }> {
  if (user) return startDeployment(ctx, user, input);
  const guest = await insertGuest(ctx.db);
  try {
    const started = await startDeployment(ctx, guest, input);
    return { ...started, claim: await claimLinkFor(ctx, guest.id) };
  } catch (err) {
    // Its site, if one was made, goes with it (sites cascade with their owner).
    await deleteUserRow(ctx.db, guest.id);
    throw err;
  }
}
