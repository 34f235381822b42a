import type { Generated, Selectable } from 'kysely';

// Second factors: authenticator apps, recovery codes, passkeys and the ceremonies that use them.

/** An account's authenticator app (migration 017); enabled_at null: set up, not yet confirmed. */
export interface TwoFactorTotpTable {
  user_id: string;
  /** The shared secret (base32), sealed with SECRET_KEY. */
  secret_sealed: string;
  enabled_at: string | null;
  /** The newest 30-second step a code was accepted for: codes of it and before are refused. */
  last_time_step: Generated<number>;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  /** sha-256 of the code as shown, without its dashes. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A WebAuthn credential (migration 017). */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** JSON array of transports the authenticator named ('internal', 'usb', ...). */
  transports: string | null;
  device_type: string | null;
  backed_up: Generated<number>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type SignInChallengeKind = 'second-factor' | 'passkey-sign-in' | 'passkey-registration';

/** A sign-in waiting for its second factor, or a WebAuthn ceremony under way. */
export interface SignInChallengesTable {
  id_hash: string;
  kind: SignInChallengeKind;
  /** null for a passkey sign-in: the passkey itself names the account. */
  user_id: string | null;
  /** The WebAuthn challenge the browser must sign, once one was asked for. */
  webauthn_challenge: string | null;
  remember_me: Generated<number>;
  attempts: Generated<number>;
  expires_at: string;
  created_at: string;
}

export type PasskeyRow = Selectable<PasskeysTable>;
export type SignInChallengeRow = Selectable<SignInChallengesTable>;
