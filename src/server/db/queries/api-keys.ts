import { sql } from 'kysely';
import type { Database } from '../database';
import type { ApiKeyRow, SiteAiSettingsRow } from '../schema';

export type ApiKeyWithCalls = ApiKeyRow & { calls_today: number };

/** A user's keys, newest first, each with its calls of `day`. */
export async function apiKeysOfUser(
  db: Database,
  userId: string,
  day: string,
): Promise<ApiKeyWithCalls[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll('api_keys')
    .select((eb) =>
      eb
        .selectFrom('ai_calls_daily')
        .select((c) => c.fn.coalesce(c.fn.sum<number>('calls'), sql.lit(0)).as('n'))
        .whereRef('ai_calls_daily.api_key_id', '=', 'api_keys.id')
        .where('ai_calls_daily.day', '=', day)
        .as('calls_today'),
    )
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, calls_today: Number(r.calls_today ?? 0) }));
}

export async function apiKeyOfUser(
  db: Database,
  userId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores a key; an active one deactivates the user's other keys of its provider, atomically. */
export async function insertApiKey(db: Database, row: ApiKeyRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (row.is_active) {
      await trx
        .updateTable('api_keys')
        .set({ is_active: 0, updated_at: row.updated_at })
        .where('user_id', '=', row.user_id)
        .where('provider', '=', row.provider)
        .execute();
    }
    await trx.insertInto('api_keys').values(row).execute();
  });
}

export async function updateApiKey(
  db: Database,
  before: ApiKeyRow,
  changes: Partial<Pick<ApiKeyRow, 'key_name' | 'key_sealed' | 'last4' | 'is_active'>> & {
    updated_at: string;
  },
): Promise<ApiKeyRow> {
  return db.transaction().execute(async (trx) => {
    if (changes.is_active === 1 && before.is_active === 0) {
      await trx
        .updateTable('api_keys')
        .set({ is_active: 0, updated_at: changes.updated_at })
        .where('user_id', '=', before.user_id)
        .where('provider', '=', before.provider)
        .where('id', '!=', before.id)
        .execute();
    }
    return trx
      .updateTable('api_keys')
      .set(changes)
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Deletes a key and, when `activate` names another of the user's keys of the same provider,
 * makes that one the provider's active key, atomically: no moment with keys and none active.
 */
export async function deleteApiKey(
  db: Database,
  userId: string,
  id: string,
  activate: (Pick<ApiKeyRow, 'id' | 'provider'> & { at: string }) | null = null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
    if (activate) {
      await trx
        .updateTable('api_keys')
        .set((eb) => ({
          is_active: eb.case().when('id', '=', activate.id).then(1).else(0).end(),
          updated_at: activate.at,
        }))
        .where('user_id', '=', userId)
        .where('provider', '=', activate.provider)
        .execute();
    }
    return true;
  });
}

/** A user's active keys (at most one per provider). */
export async function activeApiKeysOfUser(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .orderBy('created_at', 'desc')
    .execute();
}

/** One answered call: the site's and the key's count of the day, and the key's last use. */
export async function recordAiCall(
  db: Database,
  call: { siteId: string; apiKeyId: string; day: string; at: string },
): Promise<void> {
  await db
    .insertInto('ai_calls_daily')
    .values({ site_id: call.siteId, api_key_id: call.apiKeyId, day: call.day, calls: 1 })
    .onConflict((oc) =>
      oc.columns(['site_id', 'day', 'api_key_id']).doUpdateSet((eb) => ({
        calls: eb('ai_calls_daily.calls', '+', 1),
      })),
    )
    .execute();
  await db
    .updateTable('api_keys')
    .set({ last_used_at: call.at })
    .where('id', '=', call.apiKeyId)
    .execute();
}

export async function aiCallsOfSite(db: Database, siteId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('ai_calls_daily')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('calls'), sql.lit(0)).as('n'))
    .where('site_id', '=', siteId)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function siteAiSettings(
  db: Database,
  siteId: string,
): Promise<SiteAiSettingsRow | undefined> {
  return db
    .selectFrom('site_ai_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export async function putSiteAiSettings(db: Database, row: SiteAiSettingsRow): Promise<void> {
  const { site_id: _siteId, ...rest } = row;
  await db
    .insertInto('site_ai_settings')
    .values(row)
    .onConflict((oc) => oc.column('site_id').doUpdateSet(rest))
    .execute();
}
