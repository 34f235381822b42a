import type { Selectable } from 'kysely';
import type { AccessTokenScope } from '../../../shared/access-token';

// Bearer tokens for scripts and the CLI.

/** A bearer secret for scripts and the CLI; only its hash is stored. */
export interface AccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  scope: AccessTokenScope;
  token_hash: string;
  prefix: string;
  last4: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export type AccessTokenRow = Selectable<AccessTokensTable>;
