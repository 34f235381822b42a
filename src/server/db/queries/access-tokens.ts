import type { Database } from '../database';
import type { AccessTokenRow } from '../schema';

export async function insertAccessToken(db: Database, row: AccessTokenRow): Promise<void> {
  await db.insertInto('access_tokens').values(row).execute();
}

/** A user's tokens, newest first. */
export async function accessTokensOfUser(db: Database, userId: string): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function accessTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<AccessTokenRow | undefined> {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteAccessToken(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const res = await db
    .deleteFrom('access_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Records a use, unless one was recorded since `notBefore` (one write a minute, at most). */
export async function touchAccessToken(
  db: Database,
  id: string,
  at: string,
  notBefore: string,
): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
    .execute();
}
