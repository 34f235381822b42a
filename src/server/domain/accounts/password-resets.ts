import type { AppContext } from '../../context';
import {
  insertPasswordReset,
  retireUnusedPasswordResets,
  usePasswordReset,
} from '../../db/queries/password-resets';
import { deleteAccessTokensOfUser } from '../../db/queries/access-tokens';
import { deleteSessionsOfUser } from '../../db/queries/sessions';
import {
  markUserEmailVerifiedById,
  setUserPasswordHash,
  userByEmail,
} from '../../db/queries/users';
import { badRequest } from '../../errors';
import { nowIso } from '../../lib/ids';
import { passwordResetMail } from '../../mailer/templates';
import { revokedAccessTokens } from '../credentials/access-tokens';
import { hashPassword } from './passwords';
import { endedSessions } from './sessions';
import { hashToken, newToken } from '../../lib/tokens';

// 'Forgot your password?': a link by e-mail, good once within an hour.

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** The one answer to every request, so it tells nobody which addresses have an account. */
export const PASSWORD_RESET_REQUESTED =
  'If an account exists for that address, we have sent a link to reset its password.';
export const PASSWORD_RESET_INVALID =
  'This reset link is invalid or has expired. Please ask for a new one.';
export const PASSWORD_RESET_DONE =
  'Your password has been changed, every device has been signed out and every access token has been revoked. Please sign in with your new password.';

/**
 * E-mails a reset link to an account with a password (a guest has none to reset), retiring
 * the links sent before. The mail is not awaited: how long the answer takes must not say
 * whether the address has an account.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await userByEmail(ctx.db, email);
  if (!user || user.is_guest || !user.password_hash) return;
  const token = newToken();
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await retireUnusedPasswordResets(trx, user.id, nowIso(now));
    await insertPasswordReset(trx, {
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: nowIso(now),
      expires_at: nowIso(now + PASSWORD_RESET_TTL_MS),
      used_at: null,
    });
  });
  const url = `${ctx.config.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  void ctx.mailer.send({ to: user.email, ...passwordResetMail({ name: user.name, url }) });
}

/**
 * Sets a new password with a link's token, once. Every session and access token of the
 * account ends in the same transaction: whoever took over the account is out, on every node,
 * including through a token they minted while inside.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; newPassword: string },
): Promise<void> {
  // Hashed before the token is spent, so a failure here leaves the link usable.
  const passwordHash = await hashPassword(input.newPassword);
  const at = nowIso();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const userId = await usePasswordReset(trx, hashToken(input.token), at);
    if (!userId) return null;
    await retireUnusedPasswordResets(trx, userId, at);
    await setUserPasswordHash(trx, userId, passwordHash, at);
    // The link went to the account's address (a change of address retires older links), so
    // opening it proves the address as a verification link would.
    await markUserEmailVerifiedById(trx, userId, at);
    return {
      userId,
      ended: await deleteSessionsOfUser(trx, userId),
      revoked: await deleteAccessTokensOfUser(trx, userId),
    };
  });
  if (!result) throw badRequest(PASSWORD_RESET_INVALID);
  endedSessions(ctx, result.userId, result.ended);
  revokedAccessTokens(ctx, result.userId, result.revoked);
}
