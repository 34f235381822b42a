import { sql, type Kysely } from 'kysely';

// Abuse reports e-mailed in batches: the first report about a site in a window is mailed at
// once and opens the window (abuse_mail_windows, one row per site); the reports after it wait
// (mailed_at null) for the next digest, one e-mail for all of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('abuse_reports').addColumn('mailed_at', 'text').execute();
  // Reports filed before this were each mailed when filed.
  await sql`update abuse_reports set mailed_at = created_at`.execute(db);
  await db.schema
    .createIndex('abuse_reports_site_created')
    .on('abuse_reports')
    .columns(['site_id', 'created_at'])
    .execute();
  // No foreign key: a window outlives its site for the few minutes it lasts.
  await db.schema
    .createTable('abuse_mail_windows')
    .addColumn('site_id', 'text', (c) => c.primaryKey())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('abuse_mail_windows').execute();
  await db.schema.dropIndex('abuse_reports_site_created').execute();
  await db.schema.alterTable('abuse_reports').dropColumn('mailed_at').execute();
}
