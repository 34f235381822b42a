import type { Kysely } from 'kysely';

// Page-view analytics of each site (hosting/views.ts records, domain/sites/analytics.ts reads).
// site_views_daily (001) stays the day's total and gains the day's unique visitors; the pages
// and referrers of a day get rows of their own, capped per site and day (the long tail is one
// '(other)' row), so a site's rows grow with days, not with visits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_views_daily')
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('site_pages_daily')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_pages_daily_pk', ['site_id', 'day', 'path'])
    .execute();
  await db.schema
    .createTable('site_referrers_daily')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_referrers_daily_pk', ['site_id', 'day', 'referrer'])
    .execute();
  // Who was already counted today, as salted hashes only: shared by every node, so a visitor
  // who reaches two of them counts once. Rows of past days are deleted by the analytics job;
  // once the day's salt is gone too, nothing links a hash to a visitor any more.
  await db.schema
    .createTable('site_visitor_hashes')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_visitor_hashes_pk', ['site_id', 'day', 'hash'])
    .execute();
  await db.schema
    .createIndex('site_visitor_hashes_day')
    .on('site_visitor_hashes')
    .column('day')
    .execute();
  // One random salt per UTC day, the same on every node; deleted with the day's hashes.
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
  // The analytics screen asks for a user's deployments of the last 7, 30 or 90 days.
  await db.schema
    .createIndex('deployments_site_created')
    .on('deployments')
    .columns(['site_id', 'created_at'])
    .ifNotExists()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deployments_site_created').ifExists().execute();
  await db.schema.dropTable('analytics_salts').ifExists().execute();
  await db.schema.dropTable('site_visitor_hashes').ifExists().execute();
  await db.schema.dropTable('site_referrers_daily').ifExists().execute();
  await db.schema.dropTable('site_pages_daily').ifExists().execute();
  await db.schema.alterTable('site_views_daily').dropColumn('visitors').execute();
}
