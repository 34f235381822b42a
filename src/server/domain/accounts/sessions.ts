import { userById } from '../../db/queries/users';
import {
  deleteOtherSessions,
  deleteSessionByTokenHash,
  deleteSessionOfUser,
  insertSession,
  liveSessionsOfUser,
  sessionByTokenHash,
  touchSession,
} from '../../db/queries/sessions';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { SessionRow, UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { revokeAllAccessTokens } from '../credentials/access-tokens';
import { can } from '../policy';
import { hashToken, newToken } from '../../lib/tokens';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const GUEST_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** 'Last used' is this precise: a request writes it only when it is older. */
export const LAST_USED_PRECISION_MS = 5 * 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: string;
}

/** What a finished sign-in hands back: the account and its new session. */
export interface SignedIn {
  user: UserRow;
  session: NewSession;
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
  const now = Date.now();
  if (!session || session.expires_at <= nowIso(now)) return null;
  const staleBefore = nowIso(now - LAST_USED_PRECISION_MS);
  if (session.last_used_at < staleBefore) {
    await touchSession(db, session.id, nowIso(now), staleBefore);
  }
  const user = await userById(db, session.user_id);
  // A suspended account has no working session, whichever way it was made (social sign-in too).
  if (!user || !can(user, 'account.sign-in')) return null;
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

/** A signed-in browser or device, without its token's hash. */
export type LiveSession = Pick<
  SessionRow,
  'id' | 'user_agent' | 'created_at' | 'last_used_at' | 'expires_at'
>;

/** The account's signed-in browsers and devices for the Sessions list. */
export async function listSessions(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
): Promise<LiveSession[]> {
  return liveSessionsOfUser(ctx.db, user.id, nowIso());
}

/** Signs out one of the account's own sessions; another account's id is not found. */
export async function endSession(
  ctx: Pick<AppContext, 'db' | 'events'>,
  user: UserRow,
  sessionId: string,
): Promise<void> {
  const ended = await deleteSessionOfUser(ctx.db, user.id, sessionId);
  if (ended.length === 0) throw notFound('Session not found');
  endedSessions(ctx, user.id, ended);
}

/**
 * 'Sign out everywhere': every session of the account but the one asking, and every access
 * token, since a token is a device signed in for good.
 */
export async function endOtherSessions(
  ctx: Pick<AppContext, 'db' | 'events'>,
  user: UserRow,
  currentSessionId: string,
): Promise<{ endedSessions: number; revokedTokens: number }> {
  const ended = await deleteOtherSessions(ctx.db, user.id, currentSessionId);
  endedSessions(ctx, user.id, ended);
  const revokedTokens = await revokeAllAccessTokens(ctx, user.id);
  return { endedSessions: ended.length, revokedTokens };
}

/** Tells every node, so the sockets those sessions authorized drop now. */
export function endedSessions(
  ctx: Pick<AppContext, 'events'>,
  userId: string,
  sessionIds: string[],
): void {
  for (const sessionId of sessionIds) ctx.events.emit('session.ended', { sessionId, userId });
}
