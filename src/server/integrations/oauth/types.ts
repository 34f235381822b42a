import type { OAuthProvider } from '../../db/schema';

/** Who the provider says signed in: its own account id and a verified e-mail. */
export interface ProviderIdentity {
  accountId: string;
  email: string;
  name: string | null;
}

/** What a sign-in started with; the verifier and nonce stay on the server (migration 012). */
export interface SignInSecrets {
  state: string;
  codeVerifier: string | null;
  nonce: string | null;
}

/** A failure at the provider, with words fit to show on /auth. */
export class OAuthProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthProviderError';
  }
}

export interface OAuthProviderClient {
  id: OAuthProvider;
  label: string;
  usesPkce: boolean;
  usesNonce: boolean;
  /** Where to send the browser. */
  authorizationUrl(secrets: SignInSecrets): Promise<URL>;
  /** Exchanges the code and reads the person's verified identity. */
  identify(code: string, secrets: SignInSecrets): Promise<ProviderIdentity>;
}

/** How long one call to a provider may take before the sign-in gives up. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export const callbackUrl = (base: string, provider: OAuthProvider) =>
  `${base}/api/auth/${provider}/callback`;
