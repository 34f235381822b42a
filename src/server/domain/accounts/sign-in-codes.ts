import { insertSignInCode, signInCodeByHash, takeSignInCode } from '../../db/queries/sign-in-codes';
import { userById } from '../../db/queries/users';
import type { Database } from '../../db/database';
import { badRequest } from '../../errors';
import { nowIso } from '../../lib/ids';
import type { SignedIn } from './sessions';
import { authorize } from '../policy';
import { hashToken, newToken } from '../../lib/tokens';
import { sessionOrSecondFactor, type SecondFactorPending } from './two-factor-sign-in';

// A sign-in that leaves the app (a social provider) comes back to /auth/callback with a code,
// never with a session token: otherwise any page could send a visitor there with the
// attacker's token and sign them into the attacker's account (login CSRF). The code is used
// once, lives two minutes, and is bound to the browser that started the sign-in through the
// state cookie set at that start; only that browser can exchange it for a session.

export const SIGN_IN_CODE_TTL_MS = 2 * 60 * 1000;
/** How long a started sign-in may take before its state cookie is gone. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;

export const NOT_THIS_BROWSER =
  'This sign-in was not started in this browser. Please sign in again here.';
export const CODE_SPENT =
  'This sign-in link has expired or was already used. Please sign in again.';

/** The value of a new state cookie, set when a browser starts a sign-in. */
export function newSignInState(): string {
  return newToken();
}

/** Called when a provider returns a person to us, with the state cookie the browser carried. */
export async function issueSignInCode(
  db: Database,
  userId: string,
  state: string,
  now = Date.now(),
): Promise<string> {
  const code = newToken();
  await insertSignInCode(db, {
    code_hash: hashToken(code),
    state_hash: hashToken(state),
    user_id: userId,
    expires_at: nowIso(now + SIGN_IN_CODE_TTL_MS),
  });
  return code;
}

/** A session for the code's user, when this browser (its state cookie) asked for the code. */
export async function exchangeSignInCode(
  db: Database,
  code: string,
  state: string | null,
  userAgent: string | null,
): Promise<SignedIn | SecondFactorPending> {
  const codeHash = hashToken(code);
  const row = await signInCodeByHash(db, codeHash);
  if (!row || row.expires_at <= nowIso()) throw badRequest(CODE_SPENT);
  // Refused without spending it: a code seen by another browser stays the owner's to use.
  if (!state || hashToken(state) !== row.state_hash) throw badRequest(NOT_THIS_BROWSER);
  if (!(await takeSignInCode(db, codeHash))) throw badRequest(CODE_SPENT);
  const user = await userById(db, row.user_id);
  if (!user) throw badRequest(CODE_SPENT);
  // Suspended since the provider sent the person back: no session is made.
  authorize(user, 'account.sign-in');
  // A social sign-in passes the account's second factor too before a session exists.
  return sessionOrSecondFactor(db, user, { rememberMe: false, userAgent });
}
