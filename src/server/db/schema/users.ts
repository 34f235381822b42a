import type { Generated, Selectable } from 'kysely';
import type { PlanName } from '../../../shared/plans';

// Accounts: the people, the links that prove their addresses and reset their passwords.

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  plan: PlanName;
  is_guest: number;
  created_at: string;
  updated_at: string;
  /** 1: e-mail the owner when their plan changes (Settings, Notifications). */
  email_plan_changed: Generated<number>;
  /** 1: e-mail the owner when a renewal could not be charged. */
  email_payment_failed: Generated<number>;
  /** Set by an operator (migration 015): no sign-in, no API, no deploys; sites disabled. */
  suspended_at: string | null;
  suspended_reason: string | null;
  /** 1 once the address is proven (migration 016): a link to it opened, or a provider vouched. */
  email_verified: Generated<number>;
}

export type EmailVerificationPurpose = 'verify' | 'change';

/** A link that proves an address (domain/accounts/email-verification.ts); only its token's hash is kept. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  /** The address the link proves: the account's own, or the new one of a change. */
  email: string;
  purpose: EmailVerificationPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  /** sha-256 of the token in the e-mailed link; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type UserRow = Selectable<UsersTable>;
