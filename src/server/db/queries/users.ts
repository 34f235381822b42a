import { PostgresAdapter } from 'kysely';
import type { PlanName } from '../../../shared/plans';
import { nowIso } from '../../lib/ids';
import type { Database } from '../database';
import type { UserRow } from '../schema';

export async function insertUser(db: Database, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function userById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inside a transaction, holds the account's row until the transaction ends, so rules that
 * count an account's rows and then add one (sites per plan, window.storage keys and bytes)
 * run one at a time per account. PostgreSQL locks the row; SQLite's transaction already
 * holds the only writer (and Kysely's single connection), so a plain read suffices there.
 */
export async function lockUser(trx: Database, id: string): Promise<void> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .$if(postgres, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function setUserPlan(db: Database, id: string, plan: PlanName): Promise<void> {
  await db.updateTable('users').set({ plan, updated_at: nowIso() }).where('id', '=', id).execute();
}

/**
 * Guest accounts created at or before `createdBefore` that own no site still due to exist
 * after `sitesDueBefore` (every site they have is past its purge time), at most `limit`.
 */
export async function expiredGuests(
  db: Database,
  createdBefore: string,
  sitesDueBefore: string,
  limit: number,
): Promise<Pick<UserRow, 'id'>[]> {
  return db
    .selectFrom('users')
    .select('id')
    .where('is_guest', '=', 1)
    .where('created_at', '<=', createdBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sites')
            .select('sites.id')
            .whereRef('sites.user_id', '=', 'users.id')
            .where((eb) =>
              eb.or([
                eb('sites.expires_at', 'is', null),
                eb('sites.expires_at', '>', sitesDueBefore),
              ]),
            ),
        ),
      ),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Deletes the account; its sessions go with it (sites are deleted first, with their files). */
export async function deleteUserRow(db: Database, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function setUserName(
  db: Database,
  id: string,
  name: string,
  at: string,
): Promise<void> {
  await db.updateTable('users').set({ name, updated_at: at }).where('id', '=', id).execute();
}

export async function setUserPasswordHash(
  db: Database,
  id: string,
  passwordHash: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function setUserNotifications(
  db: Database,
  id: string,
  flags: Pick<UserRow, 'email_plan_changed' | 'email_payment_failed'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...flags, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** The address is proven: a link to it was opened, or a provider vouched for it. */
export async function markUserEmailVerified(
  db: Database,
  id: string,
  email: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: at })
    .where('id', '=', id)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new, proven address (a change of address whose link was opened). */
export async function setUserEmail(
  db: Database,
  id: string,
  email: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, email_verified: 1, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A reset link was opened: it went to the account's current address, now proven. */
export async function markUserEmailVerifiedById(
  db: Database,
  id: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: at })
    .where('id', '=', id)
    .where('is_guest', '=', 0)
    .execute();
}
