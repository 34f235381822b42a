import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { hashToken, newId, newToken, nowIso } from './tokens';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const GUEST_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: string;
}

export async function createSession(
  db: Database,
  userId: string,
  ttlMs: number,
  userAgent: string | null,
): Promise<NewSession> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = nowIso(now + ttlMs);
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: nowIso(now),
      last_used_at: nowIso(now),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/** The user a token belongs to, when the session exists and has not expired. */
export async function userForToken(db: Database, token: string): Promise<UserRow | null> {
  const found = await sessionForToken(db, token);
  return found?.user ?? null;
}

export async function sessionForToken(
  db: Database,
  token: string,
): Promise<{ user: UserRow; expiresAt: string } | null> {
  if (!token || token.length > 200) return null;
  const session = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session || session.expires_at <= nowIso()) return null;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.user_id)
    .executeTakeFirst();
  return user ? { user, expiresAt: session.expires_at } : null;
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function purgeExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}
