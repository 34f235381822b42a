import type { AppContext } from '../../context';
import { setUserName, setUserPasswordHash } from '../../db/queries/users';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { nowIso } from '../../lib/ids';
import { hashPassword, verifyPassword } from './passwords';
import { authorize } from '../policy';
import { endOtherSessions } from './sessions';

// What a signed-in person changes about their own account on the Settings screen. A guest has
// no account to change: it signs up instead.

export async function renameUser(ctx: AppContext, user: UserRow, name: string): Promise<UserRow> {
  authorize(user, 'profile.change');
  const at = nowIso();
  await setUserName(ctx.db, user.id, name, at);
  return { ...user, name, updated_at: at };
}

/**
 * A new password, given the current one. Unless the person turns it off, every other session
 * and every access token ends with the old password (sockets too, on every node): whoever else
 * knew it, or minted a token with it, is out.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string; signOutEverywhere: boolean },
): Promise<{ endedSessions: number; revokedTokens: number }> {
  authorize(user, 'profile.change');
  if (!user.password_hash || !(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw badRequest('Your current password is not correct.');
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('The new password is the same as the current one.');
  }
  await setUserPasswordHash(ctx.db, user.id, await hashPassword(input.newPassword), nowIso());
  if (!input.signOutEverywhere) return { endedSessions: 0, revokedTokens: 0 };
  return endOtherSessions(ctx, user, currentSessionId);
}
