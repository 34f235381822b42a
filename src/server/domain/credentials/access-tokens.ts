import { randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_PREFIX,
  MAX_ACCESS_TOKENS_PER_ACCOUNT,
  type AccessTokenScope,
  type CreateAccessTokenRequest,
} from '../../../shared/access-token';
import { CreateAccessTokenRequestSchema } from '../../../shared/access-token';
import {
  accessTokenByHash,
  accessTokensOfUser,
  deleteAccessToken,
  deleteAccessTokensOfUser,
  insertAccessTokenWithin,
  touchAccessToken,
} from '../../db/queries/access-tokens';
import { userById } from '../../db/queries/users';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { AccessTokenRow, UserRow } from '../../db/schema';
import { conflict, notFound, unauthorized } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { hashToken } from '../../lib/tokens';
import { assertEmailVerified, authorize } from '../policy';

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is a hint for people, not an audit log: one write a minute per token is plenty. */
const TOUCH_EVERY_MS = 60 * 1000;

export function isAccessTokenSecret(token: string): boolean {
  return token.startsWith(ACCESS_TOKEN_PREFIX);
}

export async function createAccessToken(
  db: Database,
  user: UserRow,
  input: CreateAccessTokenRequest,
): Promise<{ row: AccessTokenRow; secret: string }> {
  authorize(user, 'access-tokens.manage');
  // A token outlives every session: only the address's proven owner mints one.
  assertEmailVerified(user);
  const { name, scope, expiresInDays } = CreateAccessTokenRequestSchema.parse(input);
  // 256 random bits, like a session; the prefix is for people and secret scanners, not entropy.
  const secret = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const now = Date.now();
  const row: AccessTokenRow = {
    id: newId(),
    user_id: user.id,
    name,
    scope,
    token_hash: hashToken(secret),
    prefix: secret.slice(0, ACCESS_TOKEN_PREFIX.length + 4),
    last4: secret.slice(-4),
    expires_at: expiresInDays === null ? null : nowIso(now + expiresInDays * DAY_MS),
    last_used_at: null,
    created_at: nowIso(now),
  };
  // A cap keeps a leaked session from minting an unbounded pile of credentials to revoke.
  if (!(await insertAccessTokenWithin(db, row, MAX_ACCESS_TOKENS_PER_ACCOUNT))) {
    throw conflict(
      `You already have ${MAX_ACCESS_TOKENS_PER_ACCOUNT} access tokens, the most one account can hold. Revoke one you no longer use, then create the new one.`,
    );
  }
  return { row, secret };
}

export async function listAccessTokens(db: Database, user: UserRow): Promise<AccessTokenRow[]> {
  authorize(user, 'access-tokens.manage');
  return accessTokensOfUser(db, user.id);
}

/** Revokes one token; every node drops the sockets it opened. */
export async function revokeAccessToken(
  ctx: Pick<AppContext, 'db' | 'events'>,
  user: UserRow,
  id: string,
): Promise<void> {
  authorize(user, 'access-tokens.manage');
  if (!(await deleteAccessToken(ctx.db, user.id, id))) throw notFound('Access token not found');
  ctx.events.emit('access-tokens.revoked', { userId: user.id, tokenIds: [id] });
}

/**
 * Revokes every token of the account: a password reset, 'sign out everywhere' and (when asked)
 * a password change end every credential together, since whoever had the account could have
 * minted tokens. Returns how many went.
 */
export async function revokeAllAccessTokens(
  ctx: Pick<AppContext, 'db' | 'events'>,
  userId: string,
): Promise<number> {
  const tokenIds = await deleteAccessTokensOfUser(ctx.db, userId);
  revokedAccessTokens(ctx, userId, tokenIds);
  return tokenIds.length;
}

/** Tells every node, so sockets those tokens opened drop now. */
export function revokedAccessTokens(
  ctx: Pick<AppContext, 'events'>,
  userId: string,
  tokenIds: string[],
): void {
  if (tokenIds.length) ctx.events.emit('access-tokens.revoked', { userId, tokenIds });
}

export interface ResolvedAccessToken {
  user: UserRow;
  scope: AccessTokenScope;
  tokenId: string;
  expiresAt: string | null;
}

/** Who an access token speaks for; a revoked, expired or unknown secret is refused (401). */
export async function resolveAccessToken(
  db: Database,
  secret: string,
  now = Date.now(),
): Promise<ResolvedAccessToken> {
  const row = secret.length <= 200 ? await accessTokenByHash(db, hashToken(secret)) : undefined;
  if (!row) {
    throw unauthorized('This access token is not valid: it was revoked or never existed.');
  }
  if (row.expires_at !== null && row.expires_at <= nowIso(now)) {
    throw unauthorized(
      `This access token expired on ${row.expires_at.slice(0, 10)}. Create a new one in Settings → Access Tokens.`,
    );
  }
  const user = await userById(db, row.user_id);
  if (!user) throw unauthorized('This access token is not valid: its account is gone.');
  // Suspension ends sessions but keeps tokens stored (unsuspending restores them): refuse here.
  authorize(user, 'account.sign-in');
  await touchAccessToken(db, row.id, nowIso(now), nowIso(now - TOUCH_EVERY_MS));
  return { user, scope: row.scope, tokenId: row.id, expiresAt: row.expires_at };
}
