import type { Database } from '../database';
import type { AccessTokenRow } from '../schema';

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

/** Revokes every token of a user; returns the ids that went. */
export async function deleteAccessTokensOfUser(db: Database, userId: string): Promise<string[]> {
  const gone = await db
    .deleteFrom('access_tokens')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}

/**
 * Inserts a token only while the user holds fewer than `max`; false when they hold `max`
 * already. The no-op update of the user's row first makes concurrent creations of one user
 * wait for each other on PostgreSQL (SQLite writes one transaction at a time anyway), so the
 * count cannot be read twice before either insert.
 */
export async function insertAccessTokenWithin(
  db: Database,
  row: AccessTokenRow,
  max: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', row.user_id)
      .execute();
    const { held } = await trx
      .selectFrom('access_tokens')
      .select((eb) => eb.fn.countAll<number>().as('held'))
      .where('user_id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    if (Number(held) >= max) return false;
    await trx.insertInto('access_tokens').values(row).execute();
    return true;
  });
}
