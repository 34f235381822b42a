import { sql, type Kysely } from 'kysely';

// A site's AI calls of one day in one row, so a call can reserve its place under the site's
// daily cap with one conditional statement before the provider is asked (hosting/ai-proxy.ts).
// ai_calls_daily keeps counting answered calls per key, for the key list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_site_days')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_site_days_pk', ['site_id', 'day'])
    .execute();
  // Today's counts so far carry over, so no site gets a second allowance on the day of upgrade.
  await sql`insert into ai_site_days (site_id, day, calls)
    select site_id, day, sum(calls) from ai_calls_daily group by site_id, day`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_site_days').ifExists().execute();
}
