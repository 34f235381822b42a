import type { AppContext } from '../context';
import { deleteOtherSessions } from '../db/queries/sessions';
import { setUserName, setUserPasswordHash } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import { nowIso } from '../lib/ids';
import { hashPassword, verifyPassword } from './passwords';

// What a signed-in person changes about their own account on the Settings screen. A guest has
// no account to change: it signs up instead.

function assertAccount(user: UserRow): void {
  if (user.is_guest) throw forbidden('Create an account to change your profile and password.');
}

export async function renameUser(ctx: AppContext, user: UserRow, name: string): Promise<UserRow> {
  assertAccount(user);
  const at = nowIso();
  await setUserName(ctx.db, user.id, name, at);
  return { ...user, name, updated_at: at };
}

/**
 * A new password, given the current one. Every other session ends (and their sockets with
 * them, on every node): whoever else knew the old password is signed out.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<{ endedSessions: number }> {
  assertAccount(user);
  if (!user.password_hash || !(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw badRequest('Your current password is not correct.');
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('The new password is the same as the current one.');
  }
  await setUserPasswordHash(ctx.db, user.id, await hashPassword(input.newPassword), nowIso());
  const ended = await deleteOtherSessions(ctx.db, user.id, currentSessionId);
  for (const sessionId of ended) ctx.events.emit('session.ended', { sessionId, userId: user.id });
  return { endedSessions: ended.length };
}
