import type { Selectable } from 'kysely';

// Signed-in browsers, failed sign-ins, and the one-time codes that finish a sign-in.

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  /** 'ip:<address>' or 'ip-email:<address> <email>' (domain/accounts/login-throttle.ts) */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface SignInCodesTable {
  code_hash: string;
  /** Hash of the state cookie of the browser that started this sign-in. */
  state_hash: string;
  user_id: string;
  expires_at: string;
}

export type SessionRow = Selectable<SessionsTable>;
