import { z } from 'zod';
import type { Environment } from './app';
import { ConfigError } from './errors';

// The key that seals stored private keys, and how second factors are asked for.

export interface TwoFactorConfig {
  /** WebAuthn relying party: passkeys are bound to APP_ORIGIN's host name and origin. */
  rpId: string;
  origin: string;
  /** The name authenticator apps and passkey prompts show. */
  issuer: string;
  /** In production an ADMIN must have a second factor before the operator console opens. */
  requiredForAdmins: boolean;
}

export interface SecuritySettings {
  /** Encrypts private keys kept in the database (never logged). */
  secretKey: string;
  /** Two-factor sign-in and passkeys. */
  twoFactor: TwoFactorConfig;
}

export const SECURITY_VARIABLES = {
  // Encrypts stored private keys; a fixed development key would make them readable to anyone.
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
};

type SecurityVariables = z.infer<z.ZodObject<typeof SECURITY_VARIABLES>>;

// Outside production only: anything stored with it is as good as unencrypted.
const DEVELOPMENT_SECRET_KEY = 'development-secret-key-not-for-production-use';

export function secretKey(e: SecurityVariables, env: Environment): string {
  if (env === 'production' && !e.SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: required in production (at least 32 random characters); it encrypts the private keys kept in the database',
    );
  }
  return e.SECRET_KEY ?? DEVELOPMENT_SECRET_KEY;
}

export function twoFactorConfig(appOrigin: string, env: Environment): TwoFactorConfig {
  return {
    rpId: new URL(appOrigin).hostname.toLowerCase(),
    origin: new URL(appOrigin).origin,
    issuer: 'Artifact Host',
    requiredForAdmins: env === 'production',
  };
}
