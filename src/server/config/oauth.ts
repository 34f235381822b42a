import { z } from 'zod';
import { ConfigError } from './errors';
import { origin } from './values';

// Social sign-in with GitHub and Google.

export interface OAuthProviderApp {
  clientId: string;
  /** Never logged. */
  clientSecret: string;
}

export interface OAuthConfig {
  /** ENABLE_OAUTH: on unless it equals 'false', like every feature switch; off hides and refuses it. */
  enabled: boolean;
  /** The origin the providers send people back to: `{it}/api/auth/{provider}/callback`. */
  callbackBaseUrl: string;
  /** The web app's origin, where `/auth/callback` is. */
  clientUrl: string;
  /** null: no OAuth app registered for the provider; its button says so. */
  github: (OAuthProviderApp & { oauthBaseUrl: string; apiBaseUrl: string }) | null;
  google: (OAuthProviderApp & { issuerUrl: string }) | null;
}

export const OAUTH_VARIABLES = {
  ENABLE_OAUTH: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().min(1, 'must not be empty').optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1, 'must not be empty').optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  OAUTH_CALLBACK_BASE_URL: origin().optional(),
  CLIENT_URL: origin().optional(),
  // Tests point these at local servers speaking GitHub's and Google's wire formats.
  GITHUB_OAUTH_BASE_URL: origin().default('https://github.com'),
  GITHUB_API_BASE_URL: origin().default('https://api.github.com'),
  GOOGLE_ISSUER_URL: origin().default('https://accounts.google.com'),
};

type OAuthVariables = z.infer<z.ZodObject<typeof OAUTH_VARIABLES>>;

/** A provider's app, when both halves are set; half of one is a mistake worth refusing to start. */
function providerApp(
  idName: string,
  secretName: string,
  id: string | undefined,
  secret: string | undefined,
): OAuthProviderApp | null {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (!id && !secret) return null;
  throw new ConfigError(
    `Invalid configuration:\n  ${id ? secretName : idName}: required with ${id ? idName : secretName} (set both or neither)`,
  );
}

export function oauthConfig(e: OAuthVariables, appOrigin: string): OAuthConfig {
  const github = providerApp(
    'GITHUB_CLIENT_ID',
    'GITHUB_CLIENT_SECRET',
    e.GITHUB_CLIENT_ID,
    e.GITHUB_CLIENT_SECRET,
  );
  const google = providerApp(
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    e.GOOGLE_CLIENT_ID,
    e.GOOGLE_CLIENT_SECRET,
  );
  return {
    enabled: e.ENABLE_OAUTH !== 'false',
    callbackBaseUrl: e.OAUTH_CALLBACK_BASE_URL ?? appOrigin,
    clientUrl: e.CLIENT_URL ?? appOrigin,
    github: github && {
      ...github,
      oauthBaseUrl: e.GITHUB_OAUTH_BASE_URL,
      apiBaseUrl: e.GITHUB_API_BASE_URL,
    },
    google: google && { ...google, issuerUrl: e.GOOGLE_ISSUER_URL },
  };
}
