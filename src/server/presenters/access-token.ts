import type { AccessToken, CreateAccessTokenResponse } from '../../shared/access-token';
import type { AccessTokenRow } from '../db/schema';

/** A token as its owner sees it: its name, scope and the ends of the secret, never the secret. */
export function presentAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    last4: row.last4,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The one answer that carries the secret: it is shown once, at creation. */
export function presentCreatedAccessToken(created: {
  row: AccessTokenRow;
  secret: string;
}): CreateAccessTokenResponse {
  return { token: presentAccessToken(created.row), secret: created.secret };
}
