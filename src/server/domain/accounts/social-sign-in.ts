import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import {
  insertOAuthAccount,
  insertOAuthSignIn,
  oauthAccount,
  takeOAuthSignIn,
  touchOAuthAccount,
} from '../../db/queries/oauth';
import {
  insertUser,
  markUserEmailVerified,
  setUserPlan,
  userByEmail,
  userById,
} from '../../db/queries/users';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { nowIso } from '../../lib/ids';
import {
  OAuthProviderError,
  type OAuthProviderClient,
  type ProviderIdentity,
} from '../../integrations/oauth/types';
import { newSignInSecrets } from '../../integrations/oauth/sign-in-secrets';
import { newUser } from './accounts';
import { planOf } from '../billing/plans';
import { authorize } from '../policy';
import { requestLink } from './social-link';
import { issueSignInCode, NOT_THIS_BROWSER, SIGN_IN_STATE_TTL_MS } from './sign-in-codes';
import { hashToken, newToken } from '../../lib/tokens';

// Social sign-in, start to finish. The state sent to the provider, the PKCE verifier and the
// nonce are kept here (oauth_sign_ins, by the state's hash), used once, and bound to the
// browser's auth_state cookie; what comes back is a sign-in code for that same browser
// (sign-in-codes.ts), never a session token in a URL.

export const CANCELLED = 'You cancelled the sign-in.';
export const STATE_UNKNOWN = 'This sign-in has expired or was not started here. Please try again.';
const PROVIDER_REFUSED = 'The sign-in was refused. Please try again.';
const MAX_NAME_LENGTH = 200;

/** The provider's authorization URL for a sign-in started by the browser holding `browserState`. */
export async function startSocialSignIn(
  db: Database,
  client: OAuthProviderClient,
  browserState: string,
  now = Date.now(),
): Promise<string> {
  const secrets = newSignInSecrets(client, client.usesNonce ? newToken() : null);
  await insertOAuthSignIn(db, {
    state_hash: hashToken(secrets.state),
    browser_state_hash: hashToken(browserState),
    provider: client.id,
    code_verifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    expires_at: nowIso(now + SIGN_IN_STATE_TTL_MS),
  });
  return (await client.authorizationUrl(secrets)).toString();
}

export interface ProviderReturn {
  state: string | undefined;
  code: string | undefined;
  /** The provider's own error code, e.g. access_denied when the person said no. */
  error: string | undefined;
  /** The auth_state cookie the returning browser carries. */
  browserState: string | undefined;
}

/**
 * What the callback hands the web app: a sign-in code, or (for a password account that never
 * proved this address) a link token for the screen that asks that account's password first.
 */
export type SocialSignInResult = { token: string } | { link: string };

/**
 * The sign-in code for the person the provider vouches for, bound to the returning browser.
 * Throws AppError or OAuthProviderError with words fit to show; nothing changes before the
 * state is found to be ours and this browser's.
 */
export async function finishSocialSignIn(
  db: Database,
  config: Config,
  client: OAuthProviderClient,
  back: ProviderReturn,
): Promise<SocialSignInResult> {
  const { state } = back;
  // Taken whatever happens next, so a state is never good twice.
  const started = state ? await takeOAuthSignIn(db, hashToken(state)) : undefined;
  if (!state || !started || started.provider !== client.id || started.expires_at <= nowIso()) {
    throw badRequest(STATE_UNKNOWN);
  }
  if (!back.browserState || hashToken(back.browserState) !== started.browser_state_hash) {
    throw badRequest(NOT_THIS_BROWSER);
  }
  if (back.error) throw badRequest(back.error === 'access_denied' ? CANCELLED : PROVIDER_REFUSED);
  if (!back.code) throw badRequest(PROVIDER_REFUSED);
  const identity = await client.identify(back.code, {
    state,
    codeVerifier: started.code_verifier,
    nonce: started.nonce,
  });
  const found = await accountFor(db, config, client, identity);
  if ('unproven' in found) {
    const link = await requestLink(db, {
      user: found.unproven,
      provider: client.id,
      providerAccountId: identity.accountId,
      email: identity.email,
      browserState: back.browserState,
    });
    return { link };
  }
  // Refused before any session exists, whichever way the account was reached.
  authorize(found.user, 'account.sign-in');
  return { token: await issueSignInCode(db, found.user.id, back.browserState) };
}

/**
 * The account a provider identity signs into: the one it is linked to (even if the e-mail has
 * changed since), else the account with its verified e-mail, now linked, else a new account.
 * A password account that never proved the address is not linked: it is returned as
 * `unproven`, for its password to be asked first (social-link.ts).
 */
async function accountFor(
  db: Database,
  config: Config,
  client: OAuthProviderClient,
  identity: ProviderIdentity,
): Promise<{ user: UserRow } | { unproven: UserRow }> {
  const at = nowIso();
  const linked = await oauthAccount(db, client.id, identity.accountId);
  let user = linked ? await userById(db, linked.user_id) : undefined;
  if (linked && user) {
    await touchOAuthAccount(db, client.id, identity.accountId, identity.email, at);
  } else {
    user = await userWithEmail(db, config, identity);
    if (user.email_verified !== 1 && user.password_hash) return { unproven: user };
    try {
      await insertOAuthAccount(db, {
        provider: client.id,
        provider_account_id: identity.accountId,
        user_id: user.id,
        email: identity.email,
        created_at: at,
        last_used_at: at,
      });
    } catch (err) {
      // The same person finishing two sign-ins at once: the other one linked it first.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  // The provider vouches for this address now: an account that has it (one linked earlier,
  // or one without a password) has it proven.
  if (user.email_verified !== 1 && user.email === identity.email) {
    await markUserEmailVerified(db, user.id, user.email, at);
    user = { ...user, email_verified: 1 };
  }
  // An address added to ADMIN_EMAILS takes effect at its next sign-in, as with a password.
  const plan = planOf(config, user);
  if (plan !== user.plan) {
    await setUserPlan(db, user.id, plan);
    user.plan = plan;
  }
  return { user };
}

async function userWithEmail(
  db: Database,
  config: Config,
  identity: ProviderIdentity,
): Promise<UserRow> {
  const existing = await userByEmail(db, identity.email);
  if (existing) {
    // Guest addresses are ours (@guest.invalid); no provider vouches for one.
    if (existing.is_guest) throw new OAuthProviderError(PROVIDER_REFUSED);
    return existing;
  }
  // The same bound as a name typed on /auth or in Settings.
  const name = identity.name ? identity.name.slice(0, MAX_NAME_LENGTH) : null;
  // The provider verified the address: the account starts with it proven.
  const user = newUser({ email: identity.email, name, password_hash: null, email_verified: 1 });
  user.plan = planOf(config, user);
  try {
    await insertUser(db, user);
    return user;
  } catch (err) {
    // Signed up with the same address a moment ago (another tab, another provider).
    if (!isUniqueViolation(err)) throw err;
    const winner = await userByEmail(db, identity.email);
    if (!winner) throw err;
    return winner;
  }
}
