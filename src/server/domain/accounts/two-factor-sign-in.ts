import type { SecondFactorMethod } from '../../../shared/two-factor';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import {
  countChallengeAttempt,
  insertSignInChallenge,
  signInChallenge,
  takeSignInChallenge,
} from '../../db/queries/two-factor';
import { userById } from '../../db/queries/users';
import type { SignInChallengeKind, UserRow } from '../../db/schema';
import { AppError, tooManyRequests } from '../../errors';
import { nowIso } from '../../lib/ids';
import { clearLoginFailures, loginRetryAfter, noteLoginFailure } from './login-failures';
import { throttleKeys } from './login-throttle';
import { authorize } from '../policy';
import {
  createSession,
  REMEMBERED_SESSION_TTL_MS,
  SESSION_TTL_MS,
  type SignedIn,
} from './sessions';
import { hashToken, newToken } from '../../lib/tokens';
import { acceptCode, CODE_ALREADY_USED, secondFactorMethods, WRONG_CODE } from './two-factor';

// Signing in with a second factor: a right password (or a social sign-in) of an account that has
// one opens a short-lived, single-use challenge, and only a right answer to it opens a session.

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Tries one challenge allows (right or wrong); then the person signs in again. */
export const MAX_CHALLENGE_ATTEMPTS = 5;
export const CHALLENGE_GONE = 'This sign-in has expired. Please sign in again.';
export const TOO_MANY_TRIES = 'Too many wrong codes. Please sign in again.';

const challengeGone = (message = CHALLENGE_GONE) => new AppError(410, 'GONE', message);
const wrongCode = (message = WRONG_CODE) => new AppError(401, 'INVALID_CREDENTIALS', message);

/** A sign-in that owes its second factor: the challenge to answer, and with what. */
export interface SecondFactorPending {
  user: UserRow;
  pending: { challenge: string; expiresAt: string; methods: SecondFactorMethod[] };
}

/** Opens a challenge of this kind; only its hash is kept. */
export async function openChallenge(
  db: Database,
  kind: SignInChallengeKind,
  userId: string | null,
  opts: { rememberMe?: boolean; webauthnChallenge?: string } = {},
  now = Date.now(),
): Promise<{ challenge: string; expiresAt: string }> {
  const challenge = newToken();
  const expiresAt = nowIso(now + CHALLENGE_TTL_MS);
  await insertSignInChallenge(db, {
    id_hash: hashToken(challenge),
    kind,
    user_id: userId,
    webauthn_challenge: opts.webauthnChallenge ?? null,
    remember_me: opts.rememberMe ? 1 : 0,
    expires_at: expiresAt,
    created_at: nowIso(now),
  });
  return { challenge, expiresAt };
}

/** A live challenge of this kind, or 410. */
export async function liveChallenge(db: Database, challenge: string, kind: SignInChallengeKind) {
  const row = await signInChallenge(db, hashToken(challenge), kind);
  if (!row || row.expires_at <= nowIso()) throw challengeGone();
  return row;
}

/**
 * Where a right password or a social sign-in leads: a session, or, when the account has a
 * second factor, a challenge for it and no session yet.
 */
export async function sessionOrSecondFactor(
  db: Database,
  user: UserRow,
  opts: { rememberMe: boolean; userAgent: string | null },
): Promise<SignedIn | SecondFactorPending> {
  const methods = await secondFactorMethods(db, user.id);
  if (methods.length === 0) {
    const ttl = opts.rememberMe ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
    return { user, session: await createSession(db, user.id, ttl, opts.userAgent) };
  }
  const { challenge, expiresAt } = await openChallenge(db, 'second-factor', user.id, {
    rememberMe: opts.rememberMe,
  });
  return { user, pending: { challenge, expiresAt, methods } };
}

export function isPending(result: SignedIn | SecondFactorPending): result is SecondFactorPending {
  return 'pending' in result;
}

/** The owner of a second-factor challenge, before any answer is checked. */
export async function challengeOwner(ctx: AppContext, challenge: string) {
  const row = await liveChallenge(ctx.db, challenge, 'second-factor');
  const user = row.user_id ? await userById(ctx.db, row.user_id) : undefined;
  if (!user) throw challengeGone();
  return { row, user };
}

/**
 * Answers a challenge with a code. Each try is counted on the challenge first (so parallel
 * guesses cannot pass the limit) and a wrong one on the sign-in throttle too.
 */
export async function finishWithCode(
  ctx: AppContext,
  challenge: string,
  code: string,
  client: { ip: string; userAgent: string | null },
): Promise<SignedIn> {
  const { row, user } = await challengeOwner(ctx, challenge);
  return finishChallenge(ctx, row, user, client, () => acceptCode(ctx, user.id, code));
}

/** The shared end of a second-factor answer, whichever factor checked it. */
export async function finishChallenge(
  ctx: AppContext,
  row: { id_hash: string; remember_me: number },
  user: UserRow,
  client: { ip: string; userAgent: string | null },
  check: () => Promise<'ok' | 'wrong' | 'replayed'>,
): Promise<SignedIn> {
  const { address, account } = throttleKeys(client.ip, user.email);
  const keys = [account, address];
  const wait = await loginRetryAfter(ctx.db, keys);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
  if (!(await countChallengeAttempt(ctx.db, row.id_hash, MAX_CHALLENGE_ATTEMPTS))) {
    await takeSignInChallenge(ctx.db, row.id_hash);
    throw challengeGone(TOO_MANY_TRIES);
  }
  const outcome = await check();
  if (outcome !== 'ok') {
    await noteLoginFailure(ctx.db, keys);
    throw wrongCode(outcome === 'replayed' ? CODE_ALREADY_USED : WRONG_CODE);
  }
  // Spent by the one request that removes it: a right code sent twice opens one session.
  if (!(await takeSignInChallenge(ctx.db, row.id_hash))) throw challengeGone();
  await clearLoginFailures(ctx.db, [account]);
  authorize(user, 'account.sign-in');
  const ttl = row.remember_me ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
  return { user, session: await createSession(ctx.db, user.id, ttl, client.userAgent) };
}
