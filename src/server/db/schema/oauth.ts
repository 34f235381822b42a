// Social sign-in: linked provider accounts and sign-ins under way.

export type OAuthProvider = 'github' | 'google';

/** A provider's account linked to one of ours (migration 012). */
export interface OAuthAccountsTable {
  provider: OAuthProvider;
  provider_account_id: string;
  user_id: string;
  /** The verified e-mail the provider last gave; informational, never used to find the user. */
  email: string | null;
  created_at: string;
  last_used_at: string;
}

/** A social sign-in started and not yet returned (domain/accounts/social-sign-in.ts). */
export interface OAuthSignInsTable {
  /** Hash of the state sent to the provider. */
  state_hash: string;
  /** Hash of the auth_state cookie of the browser that started it. */
  browser_state_hash: string;
  provider: OAuthProvider;
  /** PKCE verifier (Google); null for GitHub. */
  code_verifier: string | null;
  /** OpenID Connect nonce the ID token must carry (Google). */
  nonce: string | null;
  expires_at: string;
}

/** A provider identity waiting for an unconfirmed password account's password (migration 016). */
export interface OAuthLinkRequestsTable {
  token_hash: string;
  browser_state_hash: string;
  user_id: string;
  provider: OAuthProvider;
  provider_account_id: string;
  email: string;
  expires_at: string;
}
