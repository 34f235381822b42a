import type { Database } from '../database';
import type { SessionRow } from '../schema';

export async function insertSession(db: Database, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function sessionByTokenHash(db: Database, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at'])
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

/** Ends every session of a user (a guest whose sites went to an account); returns their ids. */
export async function deleteSessionsOfUser(db: Database, userId: string): Promise<string[]> {
  const gone = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}
