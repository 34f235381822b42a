import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { insertOAuthAccount } from '../../db/queries/oauth';
import {
  insertOAuthLinkRequest,
  oauthLinkRequest,
  takeOAuthLinkRequest,
} from '../../db/queries/oauth-link-requests';
import { markUserEmailVerified, userById } from '../../db/queries/users';
import type { OAuthProvider, UserRow } from '../../db/schema';
import { badRequest, invalidCredentials, tooManyRequests } from '../../errors';
import { nowIso } from '../../lib/ids';
import { clearLoginFailures, loginRetryAfter, noteLoginFailure } from './login-failures';
import { throttleKeys } from './login-throttle';
import { verifyPassword } from './passwords';
import { NOT_THIS_BROWSER, SIGN_IN_STATE_TTL_MS } from './sign-in-codes';
import { authorize } from '../policy';
import { hashToken, newToken } from '../../lib/tokens';

// A social sign-in whose provider-verified address belongs to a password account that never
// proved it. Linking at once would let whoever registered the address first (perhaps not its
// owner) keep a password into the account the owner then works in. So the provider identity
// waits here, bound to the returning browser, until that account's password is given: knowing
// both the password and the provider's mailbox makes one person, and the address is then
// proven. Someone who does not know the password uses "Forgot your password?": the reset link
// goes to the address, opening it proves the address, and the squatter's password and sessions
// end with the reset.

export const LINK_EXPIRED =
  'This step has expired or was already used. Please sign in with your provider again.';

/** Keeps the identity waiting for the account's password; returns the token for the screen. */
export async function requestLink(
  db: Database,
  input: {
    user: UserRow;
    provider: OAuthProvider;
    providerAccountId: string;
    email: string;
    browserState: string;
  },
  now = Date.now(),
): Promise<string> {
  const token = newToken();
  await insertOAuthLinkRequest(db, {
    token_hash: hashToken(token),
    browser_state_hash: hashToken(input.browserState),
    user_id: input.user.id,
    provider: input.provider,
    provider_account_id: input.providerAccountId,
    email: input.email,
    expires_at: nowIso(now + SIGN_IN_STATE_TTL_MS),
  });
  return token;
}

async function liveRequest(db: Database, token: string, browserState: string | null) {
  const row = await oauthLinkRequest(db, hashToken(token));
  if (!row || row.expires_at <= nowIso()) throw badRequest(LINK_EXPIRED);
  if (!browserState || hashToken(browserState) !== row.browser_state_hash) {
    throw badRequest(NOT_THIS_BROWSER);
  }
  return row;
}

/** What the "connect your sign-in" screen names: the provider and the address. */
export async function linkRequestInfo(
  db: Database,
  token: string,
  browserState: string | null,
): Promise<{ provider: OAuthProvider; email: string }> {
  const row = await liveRequest(db, token, browserState);
  return { provider: row.provider, email: row.email };
}

/**
 * Links the waiting identity to the account when its password is right (slowed like a sign-in
 * after wrong ones), and marks the address proven. No session is made here: the browser signs
 * in with the provider again, through the one path every social sign-in takes.
 */
export async function completeLink(
  db: Database,
  input: { token: string; password: string },
  client: { ip: string; browserState: string | null },
): Promise<{ provider: OAuthProvider; user: UserRow }> {
  const row = await liveRequest(db, input.token, client.browserState);
  const user = await userById(db, row.user_id);
  if (!user) throw badRequest(LINK_EXPIRED);
  const { address, account } = throttleKeys(client.ip, user.email);
  const keys = [account, address];
  const wait = await loginRetryAfter(db, keys);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(
      `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
  if (!user.password_hash || !(await verifyPassword(input.password, user.password_hash))) {
    await noteLoginFailure(db, keys);
    throw invalidCredentials();
  }
  await clearLoginFailures(db, [account]);
  authorize(user, 'account.sign-in');
  const taken = await takeOAuthLinkRequest(db, hashToken(input.token));
  if (!taken) throw badRequest(LINK_EXPIRED);
  const at = nowIso();
  try {
    await insertOAuthAccount(db, {
      provider: taken.provider,
      provider_account_id: taken.provider_account_id,
      user_id: user.id,
      email: taken.email,
      created_at: at,
      last_used_at: at,
    });
  } catch (err) {
    // Linked a moment ago (another tab): the sign-in that follows finds the link either way.
    if (!isUniqueViolation(err)) throw err;
  }
  await markUserEmailVerified(db, user.id, taken.email, at);
  return { provider: taken.provider, user: { ...user, email_verified: 1 } };
}
