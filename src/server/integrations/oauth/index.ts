import type { Config } from '../../config';
import type { OAuthProvider } from '../../db/schema';
import { githubClient } from './github';
import { googleClient } from './google';
import type { OAuthProviderClient } from './types';

export const OAUTH_PROVIDERS: Record<OAuthProvider, string> = {
  github: 'GitHub',
  google: 'Google',
};

export const isOAuthProvider = (name: string): name is OAuthProvider =>
  Object.hasOwn(OAUTH_PROVIDERS, name);

/** A client for each provider with an app configured; the others are absent. */
export function oauthClients(config: Config): Partial<Record<OAuthProvider, OAuthProviderClient>> {
  const { github, google, callbackBaseUrl } = config.oauth;
  return {
    ...(github ? { github: githubClient(github, callbackBaseUrl) } : {}),
    ...(google ? { google: googleClient(google, callbackBaseUrl) } : {}),
  };
}
