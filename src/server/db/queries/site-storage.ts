import { PostgresAdapter, sql } from 'kysely';
import { nowIso } from '../../lib/ids';
import type { Database } from '../database';

// The per-site key-value store behind `window.storage` in deployed artifacts.

export async function storedKeys(db: Database, siteId: string, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('site_storage')
    .select('key')
    .where('site_id', '=', siteId)
    .$if(prefix !== '', (q) => q.where('key', '>=', prefix).where('key', '<', `${prefix}\uffff`))
    .orderBy('key')
    .execute();
  return rows.map((r) => r.key);
}

export async function storedValue(
  db: Database,
  siteId: string,
  key: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('site_storage')
    .select('value')
    .where('site_id', '=', siteId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function deleteStoredValue(
  db: Database,
  siteId: string,
  key: string,
): Promise<boolean> {
  const gone = await db
    .deleteFrom('site_storage')
    .where('site_id', '=', siteId)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

export async function countOtherKeys(db: Database, siteId: string, key: string): Promise<number> {
  const { count } = await db
    .selectFrom('site_storage')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('key', '!=', key)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function storeValue(
  db: Database,
  siteId: string,
  key: string,
  value: string,
): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('site_storage')
    .values({ site_id: siteId, key, value, updated_at })
    .onConflict((oc) => oc.columns(['site_id', 'key']).doUpdateSet({ value, updated_at }))
    .execute();
}

/**
 * Bytes (UTF-8, key and value) that an account's sites keep, leaving out one key of one
 * site: the value about to be replaced.
 */
export async function storedBytesOfOwner(
  db: Database,
  userId: string,
  except: { siteId: string; key: string },
): Promise<number> {
  // Both count characters with length(); bytes need each dialect's own spelling.
  const bytes =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`octet_length(site_storage.key) + octet_length(site_storage.value)`
      : sql`length(cast(site_storage.key as blob)) + length(cast(site_storage.value as blob))`;
  const row = await db
    .selectFrom('site_storage')
    .innerJoin('sites', 'sites.id', 'site_storage.site_id')
    .select(sql<number | string>`coalesce(sum(${bytes}), 0)`.as('bytes'))
    .where('sites.user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.and([
          eb('site_storage.site_id', '=', except.siteId),
          eb('site_storage.key', '=', except.key),
        ]),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
