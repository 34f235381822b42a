import type { Database } from '../database';
import type { PasswordResetsTable } from '../schema';

export async function insertPasswordReset(db: Database, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** Marks every unused link of a user as used: only the newest one works. */
export async function retireUnusedPasswordResets(
  db: Database,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Uses a link once: one conditional UPDATE, so two requests with the same token cannot both
 * pass. Returns the user it belongs to, or undefined when it is unknown, used or expired.
 */
export async function usePasswordReset(
  db: Database,
  tokenHash: string,
  at: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Returns how many went. */
export async function deletePasswordResetsExpiredBefore(
  db: Database,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('password_resets')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
