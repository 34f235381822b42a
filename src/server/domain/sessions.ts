import { userById } from '../db/queries/users';
import {
  deleteSessionByTokenHash,
  insertSession,
  sessionByTokenHash,
} from '../db/queries/sessions';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { newId, nowIso } from '../lib/ids';
import { hashToken, newToken } from './tokens';

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
  await insertSession(db, {
    id: newId(),
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: expiresAt,
    created_at: nowIso(now),
    last_used_at: nowIso(now),
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** The user a token belongs to, when its session exists and has not expired. */
export async function sessionForToken(
  db: Database,
  token: string,
): Promise<{ user: UserRow; sessionId: string; expiresAt: string } | null> {
  if (!token || token.length > 200) return null;
  const session = await sessionByTokenHash(db, hashToken(token));
  if (!session || session.expires_at <= nowIso()) return null;
  const user = await userById(db, session.user_id);
  // A suspended account has no working session, whichever way it was made (social sign-in too).
  if (!user || user.suspended_at) return null;
  return { user, sessionId: session.id, expiresAt: session.expires_at };
}

/** Ends a session (logout); every node drops the sockets it authorized. */
export async function revokeSession(
  ctx: Pick<AppContext, 'db' | 'events'>,
  token: string,
): Promise<void> {
  const tokenHash = hashToken(token);
  const session = await sessionByTokenHash(ctx.db, tokenHash);
  await deleteSessionByTokenHash(ctx.db, tokenHash);
  if (session) ctx.events.emit('session.ended', { sessionId: session.id, userId: session.user_id });
}
