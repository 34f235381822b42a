import type { Kysely } from 'kysely';

// The operator's side (domain/operations/): abuse reports from visitors, sites disabled and
// accounts suspended by an operator (the reason is kept beside the mark, so the owner is told
// why), every operator action in an append-only audit log, and announcements shown on every
// app screen until they expire or are ended early.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('sites').addColumn('disabled_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();

  // site_id is set null when the site is deleted: the report stays for the record, with the
  // address the visitor gave.
  await db.schema
    .createTable('abuse_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('site_address', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reporter_email', 'text')
    .addColumn('reporter_address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('resolution', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('abuse_reports_status_created')
    .on('abuse_reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('abuse_reports_site').on('abuse_reports').column('site_id').execute();
  // The per-address limit counts an address's reports of the last hour, on every node alike.
  await db.schema
    .createIndex('abuse_reports_reporter_created')
    .on('abuse_reports')
    .columns(['reporter_address', 'created_at'])
    .execute();

  // No foreign keys: the log outlives the operators, users and sites it names.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('announcements_expires')
    .on('announcements')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcements').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('abuse_reports').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('suspended_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('sites').dropColumn('disabled_reason').execute();
  await db.schema.alterTable('sites').dropColumn('disabled_at').execute();
}
