import type { Database } from '../database';

export interface LoginFailureValues {
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export async function loginFailureByKey(db: Database, key: string) {
  return db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function upsertLoginFailure(
  db: Database,
  key: string,
  values: LoginFailureValues,
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ key, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
}

export async function deleteLoginFailures(db: Database, keys: string[]): Promise<void> {
  await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
}

/** Rows whose counting window began before `windowBefore` and that lock nothing at `now`; returns how many went. */
export async function deleteStaleLoginFailures(
  db: Database,
  windowBefore: string,
  now: string,
): Promise<number> {
  const result = await db
    .deleteFrom('login_failures')
    .where('window_started_at', '<', windowBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
