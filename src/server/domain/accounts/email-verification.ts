import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import {
  emailVerificationsSentSince,
  insertEmailVerification,
  retireUnusedEmailVerifications,
  useEmailVerification,
} from '../../db/queries/email-verifications';
import { retireUnusedPasswordResets } from '../../db/queries/password-resets';
import { sessionCreatedAt } from '../../db/queries/sessions';
import {
  markUserEmailVerified,
  setUserEmail,
  setUserPlan,
  userByEmail,
  userById,
} from '../../db/queries/users';
import type { EmailVerificationPurpose, UserRow } from '../../db/schema';
import type { Config } from '../../config';
import { badRequest, conflict, tooManyRequests } from '../../errors';
import { nowIso } from '../../lib/ids';
import { changeEmailMail, emailChangeNoticeMail, verifyEmailMail } from '../../mailer/templates';
import { verifyPassword } from './passwords';
import { planOf } from '../billing/plans';
import { assertSignedInSince, authorize } from '../policy';
import { hashToken, newToken } from '../../lib/tokens';

// E-mail ownership. An address typed at sign-up proves nothing: anyone can type anyone's. It
// is proven when a link sent to it is opened (or a provider vouches for it, social-sign-in.ts).
// Until then the account works for what ends with the session (deploying within the FREE plan,
// managing its sites) and is refused what lasts or costs: paying, custom domains, access tokens
// and stored AI keys (their receipts and notices go to the address), and an ADMIN_EMAILS
// address grants nothing (plans.ts). The policy's `assertEmailVerified` is the one check.

export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** "Resend link": at most this many links an hour per account, and one a minute. */
export const VERIFICATION_LINKS_PER_HOUR = 5;
export const VERIFICATION_LINK_GAP_MS = 60 * 1000;
/** An account without a password proves it is its owner by a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;

export const EMAIL_LINK_INVALID =
  'This link is invalid, was already used or has expired. Please ask for a new one.';
export const EMAIL_CONFIRMED = 'Your e-mail address is confirmed. Thank you!';
export const EMAIL_CHANGED = 'Your e-mail address has been changed.';
export const EMAIL_TAKEN = 'Another account already uses this e-mail address.';

/** Stores a new link (retiring the older ones of its kind) and returns its token. */
async function newLink(
  db: Database,
  user: UserRow,
  email: string,
  purpose: EmailVerificationPurpose,
  now = Date.now(),
): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await retireUnusedEmailVerifications(trx, user.id, purpose, nowIso(now));
    await insertEmailVerification(trx, {
      token_hash: hashToken(token),
      user_id: user.id,
      email,
      purpose,
      created_at: nowIso(now),
      expires_at: nowIso(now + EMAIL_LINK_TTL_MS),
      used_at: null,
    });
  });
  return token;
}

const linkUrl = (config: Config, token: string) =>
  `${config.appOrigin}/verify-email?token=${encodeURIComponent(token)}`;

/** Sends the account's address a link that proves it; the mail is not awaited. */
export async function sendVerificationLink(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.is_guest || user.email_verified === 1) return;
  const token = await newLink(ctx.db, user, user.email, 'verify');
  void ctx.mailer.send({
    to: user.email,
    ...verifyEmailMail({ name: user.name, url: linkUrl(ctx.config, token) }),
  });
}

/** Counted in the database, so the limit holds across every web node. */
async function assertMaySendLink(
  ctx: AppContext,
  user: UserRow,
  purpose: EmailVerificationPurpose,
  now = Date.now(),
): Promise<void> {
  const since = nowIso(now - 60 * 60 * 1000);
  const sent = await emailVerificationsSentSince(ctx.db, user.id, purpose, since);
  const last = sent[0] ? Date.parse(sent[0]) : 0;
  if (now - last < VERIFICATION_LINK_GAP_MS) {
    const seconds = Math.ceil((VERIFICATION_LINK_GAP_MS - (now - last)) / 1000);
    throw tooManyRequests(
      `We have just sent a link. Please check your inbox (and spam folder), or try again in ${seconds} seconds.`,
      seconds,
    );
  }
  if (sent.length >= VERIFICATION_LINKS_PER_HOUR) {
    const oldest = Date.parse(sent[sent.length - 1]!);
    const seconds = Math.max(1, Math.ceil((oldest + 60 * 60 * 1000 - now) / 1000));
    throw tooManyRequests(
      'We have sent several links in the last hour. Please check your inbox (and spam folder), or try again later.',
      seconds,
    );
  }
}

/** "Resend link" on the banner. */
export async function resendVerificationLink(ctx: AppContext, user: UserRow): Promise<string> {
  authorize(user, 'email.manage');
  if (user.email_verified === 1) return 'Your e-mail address is already confirmed.';
  await assertMaySendLink(ctx, user, 'verify');
  await sendVerificationLink(ctx, user);
  return `We sent a new link to ${user.email}. It works once, within 24 hours.`;
}

/**
 * Settings → Profile: a link to the new address (the change is made only when it is opened)
 * and a notice to the current one. The account proves it is the one asking with its password,
 * or, without one, with a sign-in in the last few minutes.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  input: { newEmail: string; currentPassword?: string | undefined },
): Promise<string> {
  authorize(user, 'email.manage');
  if (user.password_hash) {
    if (
      !input.currentPassword ||
      !(await verifyPassword(input.currentPassword, user.password_hash))
    ) {
      throw badRequest('Your current password is not correct.');
    }
  } else {
    const began = await sessionCreatedAt(ctx.db, sessionId);
    assertSignedInSince(began, Date.now() - RECENT_SIGN_IN_MS);
  }
  if (input.newEmail === user.email) throw badRequest('This is already your e-mail address.');
  if (await userByEmail(ctx.db, input.newEmail)) throw conflict(EMAIL_TAKEN);
  await assertMaySendLink(ctx, user, 'change');
  const token = await newLink(ctx.db, user, input.newEmail, 'change');
  void ctx.mailer.send({
    to: input.newEmail,
    ...changeEmailMail({ name: user.name, oldEmail: user.email, url: linkUrl(ctx.config, token) }),
  });
  void ctx.mailer.send({
    to: user.email,
    ...emailChangeNoticeMail({
      name: user.name,
      newEmail: input.newEmail,
      securityUrl: `${ctx.config.appOrigin}/settings?tab=security`,
    }),
  });
  return `We sent a link to ${input.newEmail}. Your address changes when you open it.`;
}

/**
 * Opens a link, once: the account's address is proven, or becomes the new one it proves.
 * No session is needed (the link may be opened on another device); the token is the proof.
 */
export async function confirmEmailLink(
  ctx: AppContext,
  token: string,
): Promise<{ user: UserRow; message: string }> {
  const at = nowIso();
  const result = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const link = await useEmailVerification(trx, hashToken(token), at);
      if (!link) return null;
      if (link.purpose === 'verify') {
        // A link to an address the account no longer has proves nothing about it.
        if (!(await markUserEmailVerified(trx, link.user_id, link.email, at))) return null;
        return { userId: link.user_id, message: EMAIL_CONFIRMED };
      }
      const holder = await userByEmail(trx, link.email);
      if (holder && holder.id !== link.user_id) return 'taken' as const;
      // Links sent to the old address stop working: they would prove nothing about the new one.
      await retireUnusedEmailVerifications(trx, link.user_id, 'verify', at);
      await retireUnusedPasswordResets(trx, link.user_id, at);
      await setUserEmail(trx, link.user_id, link.email, at);
      return { userId: link.user_id, message: EMAIL_CHANGED };
    })
    .catch((err: unknown) => {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(err)) return 'taken' as const;
      throw err;
    });
  if (result === 'taken') throw conflict(EMAIL_TAKEN);
  if (!result) throw badRequest(EMAIL_LINK_INVALID);
  const user = await userById(ctx.db, result.userId);
  if (!user) throw badRequest(EMAIL_LINK_INVALID);
  return { user: await withPlanInForce(ctx.db, ctx.config, user), message: result.message };
}

/**
 * Stores the plan the account's address now gives (an ADMIN_EMAILS address, once proven, or
 * no longer) and returns the row with it.
 */
export async function withPlanInForce(
  db: Database,
  config: Config,
  user: UserRow,
): Promise<UserRow> {
  const plan = planOf(config, user);
  if (plan === user.plan) return user;
  // A stored ADMIN held back while the address is unproven stays stored, for when it is.
  if (user.plan === 'ADMIN' && plan === 'FREE' && user.email_verified !== 1) return user;
  await setUserPlan(db, user.id, plan);
  return { ...user, plan };
}
