import type { Database } from '../database';
import type { SessionRow } from '../schema';

export async function insertSession(db: Database, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function sessionByTokenHash(db: Database, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteSessionByTokenHash(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Returns how many went. */
export async function deleteSessionsExpiredBefore(db: Database, before: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of a user but one; returns the ids that went. */
export async function deleteOtherSessions(
  db: Database,
  userId: string,
  keepId: string,
): Promise<string[]> {
  const gone = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}

/** A user's sessions that have not expired, the most recently used first. */
export async function liveSessionsOfUser(db: Database, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Moves last_used_at forward unless it was moved after `staleBefore` (by another request). */
export async function touchSession(
  db: Database,
  id: string,
  at: string,
  staleBefore: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where('last_used_at', '<', staleBefore)
    .execute();
}

/** Ends one session of a user; returns the ids that went (none when it is not theirs). */
export async function deleteSessionOfUser(
  db: Database,
  userId: string,
  id: string,
): Promise<string[]> {
  const gone = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}

/** Ends every session of a user; returns the ids that went. */
export async function deleteSessionsOfUser(db: Database, userId: string): Promise<string[]> {
  const gone = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}

export async function sessionIdsOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

/** When a session began: how recent the person's last sign-in in that browser was. */
export async function sessionCreatedAt(db: Database, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('created_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.created_at;
}
