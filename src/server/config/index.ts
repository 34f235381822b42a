import { z } from 'zod';
import { AI_VARIABLES, aiConfig, type AiConfig } from './ai';
import { APP_VARIABLES, appSettings, type AppSettings } from './app';
import { BILLING_VARIABLES, billingConfig, type BillingConfig } from './billing';
import { BUILD_VARIABLES, buildSettings, type BuildSettings } from './builds';
import {
  CUSTOM_DOMAIN_VARIABLES,
  customDomainSettings,
  type CustomDomainSettings,
} from './custom-domains';
import { ConfigError } from './errors';
import { MAIL_VARIABLES, mailConfig, type MailConfig } from './mail';
import {
  NETWORK_VARIABLES,
  clusterSettings,
  networkSettings,
  type ClusterSettings,
  type NetworkSettings,
} from './network';
import { OAUTH_VARIABLES, oauthConfig, type OAuthConfig } from './oauth';
import { SECURITY_VARIABLES, secretKey, twoFactorConfig, type SecuritySettings } from './security';
import { STORAGE_VARIABLES, dataDirectory, storageSettings, type StorageSettings } from './storage';

// The only reader of the environment. Everything else receives a Config.

export { ConfigError } from './errors';
export type { AiConfig } from './ai';
export type { Environment } from './app';
export type { BillingConfig, StripeApiBase } from './billing';
export { parseDnsServers } from './custom-domains';
export type { MailConfig } from './mail';
export type { Role } from './network';
export type { OAuthConfig, OAuthProviderApp } from './oauth';
export type { TwoFactorConfig } from './security';
export type { S3Config } from './storage';

const EnvSchema = z.object({
  ...APP_VARIABLES,
  ...NETWORK_VARIABLES,
  ...STORAGE_VARIABLES,
  ...BUILD_VARIABLES,
  ...CUSTOM_DOMAIN_VARIABLES,
  ...SECURITY_VARIABLES,
  ...AI_VARIABLES,
  ...MAIL_VARIABLES,
  ...BILLING_VARIABLES,
  ...OAUTH_VARIABLES,
});

export interface Config
  extends
    AppSettings,
    NetworkSettings,
    ClusterSettings,
    StorageSettings,
    BuildSettings,
    CustomDomainSettings,
    SecuritySettings {
  mail: MailConfig;
  billing: BillingConfig;
  ai: AiConfig;
  /** Sign-in with GitHub and Google. */
  oauth: OAuthConfig;
}

/** Reads and validates the environment; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Settings that contradict each other are refused in this order, the first one named.
  const dataDir = dataDirectory(e);
  const cluster = clusterSettings(e);
  const key = secretKey(e, e.NODE_ENV);
  const network = networkSettings(e);
  const oauth = oauthConfig(e, network.appOrigin);
  const storage = storageSettings(e, dataDir);
  return {
    ...appSettings(e),
    ...network,
    ...cluster,
    ...storage,
    ...buildSettings(e),
    ...customDomainSettings(e),
    secretKey: key,
    twoFactor: twoFactorConfig(network.appOrigin, e.NODE_ENV),
    mail: mailConfig(e, network.appOrigin),
    billing: billingConfig(e),
    ai: aiConfig(e),
    oauth,
  };
}
