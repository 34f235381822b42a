import { CodeChallengeMethod, OAuth2Client, type OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import type { Config } from '../../config';
import { verifyIdToken } from './id-token';
import {
  callbackUrl,
  OAuthProviderError,
  PROVIDER_TIMEOUT_MS,
  type OAuthProviderClient,
} from './types';

// Google as an OpenID Connect provider: endpoints from its discovery document (so
// GOOGLE_ISSUER_URL can name a test issuer), code flow with PKCE, state and nonce, and the
// identity read from the verified ID token rather than from a further API call.

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof DiscoverySchema>;

const UNREACHABLE = 'Google could not be reached. Please try again.';
const NOT_ACCEPTED = 'Google did not accept this sign-in. Please try again.';
export const EMAIL_NOT_VERIFIED = 'Your Google account has no verified e-mail address.';

/** Discovery documents change rarely; an hour keeps a key rotation or move from lasting. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discoveries = new Map<string, { at: number; doc: Promise<Discovery> }>();

function discover(issuerUrl: string): Promise<Discovery> {
  const cached = discoveries.get(issuerUrl);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
  const doc = (async () => {
    const res = await fetch(`${issuerUrl}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    return DiscoverySchema.parse(await res.json());
  })().catch((err: unknown) => {
    // A failed fetch is not kept: the next sign-in asks again.
    discoveries.delete(issuerUrl);
    throw new OAuthProviderError(UNREACHABLE, { cause: err });
  });
  discoveries.set(issuerUrl, { at: Date.now(), doc });
  return doc;
}

export function googleClient(
  app: NonNullable<Config['oauth']['google']>,
  callbackBase: string,
): OAuthProviderClient {
  const client = new OAuth2Client(
    app.clientId,
    app.clientSecret,
    callbackUrl(callbackBase, 'google'),
  );
  return {
    id: 'google',
    label: 'Google',
    usesPkce: true,
    usesNonce: true,
    async authorizationUrl({ state, codeVerifier, nonce }) {
      if (!codeVerifier || !nonce) throw new Error('Google sign-in needs a verifier and a nonce');
      const { authorization_endpoint } = await discover(app.issuerUrl);
      const url = client.createAuthorizationURLWithPKCE(
        authorization_endpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['openid', 'email', 'profile'],
      );
      url.searchParams.set('nonce', nonce);
      return url;
    },
    async identify(code, { codeVerifier, nonce }) {
      if (!codeVerifier || !nonce) throw new OAuthProviderError(NOT_ACCEPTED);
      const doc = await discover(app.issuerUrl);
      let tokens: OAuth2Tokens;
      let idToken: string;
      try {
        tokens = await client.validateAuthorizationCode(doc.token_endpoint, code, codeVerifier);
        idToken = tokens.idToken();
      } catch (err) {
        throw new OAuthProviderError(NOT_ACCEPTED, { cause: err });
      }
      const claims = await verifyIdToken(idToken, {
        jwksUri: doc.jwks_uri,
        // Google's tokens name the issuer with or without the scheme.
        issuers: [doc.issuer, doc.issuer.replace(/^https:\/\//, '')],
        audience: app.clientId,
        nonce,
      });
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      if (!claims.email || !verified) throw new OAuthProviderError(EMAIL_NOT_VERIFIED);
      return {
        accountId: claims.sub,
        email: claims.email.trim().toLowerCase(),
        name: claims.name?.trim() || null,
      };
    },
  };
}
