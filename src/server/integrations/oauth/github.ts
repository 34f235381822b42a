import { OAuth2Client, type OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import type { Config } from '../../config';
import {
  callbackUrl,
  OAuthProviderError,
  PROVIDER_TIMEOUT_MS,
  type OAuthProviderClient,
} from './types';

// arctic's GitHub class has github.com written into it; the generic client takes the
// endpoints, so GITHUB_OAUTH_BASE_URL can point at GitHub Enterprise or a test server.

const UserSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
});
const EmailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

export const NO_VERIFIED_EMAIL = 'Your GitHub account has no verified e-mail address.';
const NOT_ACCEPTED = 'GitHub did not accept this sign-in. Please try again.';
const UNREACHABLE = 'GitHub could not be reached. Please try again.';

export function githubClient(
  app: NonNullable<Config['oauth']['github']>,
  callbackBase: string,
): OAuthProviderClient {
  const client = new OAuth2Client(
    app.clientId,
    app.clientSecret,
    callbackUrl(callbackBase, 'github'),
  );

  const api = async <T>(path: string, token: string, schema: z.ZodType<T>): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${app.apiBaseUrl}${path}`, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          // GitHub refuses API calls without a User-Agent.
          'user-agent': 'artifact-host',
        },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (err) {
      throw new OAuthProviderError(UNREACHABLE, { cause: err });
    }
    if (!res.ok) throw new OAuthProviderError(NOT_ACCEPTED);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new OAuthProviderError(NOT_ACCEPTED);
    return parsed.data;
  };

  return {
    id: 'github',
    label: 'GitHub',
    usesPkce: false,
    usesNonce: false,
    async authorizationUrl({ state }) {
      // user:email: the e-mails call, which alone says which address is verified.
      return client.createAuthorizationURL(`${app.oauthBaseUrl}/login/oauth/authorize`, state, [
        'read:user',
        'user:email',
      ]);
    },
    async identify(code) {
      let tokens: OAuth2Tokens;
      try {
        tokens = await client.validateAuthorizationCode(
          `${app.oauthBaseUrl}/login/oauth/access_token`,
          code,
          null,
        );
      } catch (err) {
        throw new OAuthProviderError(NOT_ACCEPTED, { cause: err });
      }
      // GitHub answers a bad code with 200 and {error}, which arctic's generic client passes on.
      if ('error' in tokens.data) {
        throw new OAuthProviderError(NOT_ACCEPTED);
      }
      let accessToken: string;
      try {
        accessToken = tokens.accessToken();
      } catch (err) {
        throw new OAuthProviderError(NOT_ACCEPTED, { cause: err });
      }
      const user = await api('/user', accessToken, UserSchema);
      const emails = await api('/user/emails', accessToken, EmailsSchema);
      // The profile's public e-mail may be unverified or absent; only the e-mails call says.
      const primary = emails.find((e) => e.primary && e.verified);
      if (!primary) throw new OAuthProviderError(NO_VERIFIED_EMAIL);
      return {
        accountId: String(user.id),
        email: primary.email.trim().toLowerCase(),
        name: user.name?.trim() || user.login,
      };
    },
  };
}
