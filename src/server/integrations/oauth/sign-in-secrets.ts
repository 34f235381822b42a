import { generateCodeVerifier, generateState } from 'arctic';
import type { OAuthProviderClient, SignInSecrets } from './types';

/**
 * The state a sign-in sends to the provider and, for a provider that uses PKCE, the verifier,
 * made as arctic makes them. The nonce is the caller's (`nonce`, or null when the provider
 * uses none).
 */
export function newSignInSecrets(
  client: Pick<OAuthProviderClient, 'usesPkce'>,
  nonce: string | null,
): SignInSecrets {
  return {
    state: generateState(),
    codeVerifier: client.usesPkce ? generateCodeVerifier() : null,
    nonce,
  };
}
