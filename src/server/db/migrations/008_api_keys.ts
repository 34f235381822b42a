import type { Kysely } from 'kysely';

// AI provider keys stored by users, what each site lets its visitors spend through them, and
// how many calls each site made with each key per day (the AI proxy in
// hosting/ai-proxy.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('key_name', 'text', (c) => c.notNull())
    // Sealed with SECRET_KEY (lib/secret-box.ts); last4 is all an answer ever shows of it.
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();
  await db.schema
    .createTable('site_ai_settings')
    .addColumn('site_id', 'text', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('per_visitor_per_minute', 'integer', (c) => c.notNull())
    .addColumn('per_day', 'integer', (c) => c.notNull())
    .addColumn('max_tokens_per_call', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Not tied to api_keys: a deleted key's calls still count towards its site's day.
  await db.schema
    .createTable('ai_calls_daily')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_calls_daily_pk', ['site_id', 'day', 'api_key_id'])
    .execute();
  await db.schema
    .createIndex('ai_calls_daily_key_day')
    .on('ai_calls_daily')
    .columns(['api_key_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_calls_daily').ifExists().execute();
  await db.schema.dropTable('site_ai_settings').ifExists().execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
