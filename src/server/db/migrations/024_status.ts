import type { Kysely } from 'kysely';

// The status page (domain/status/): the last check of each part of the service, the day's
// counts of checks per part (90 days of uptime are read from these, never from raw checks),
// and the incidents and maintenance operators post, with their updates over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('status_checks')
    .addColumn('part', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('status_days')
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('down_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('degraded_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('status_days_pk', ['part', 'day'])
    .execute();
  await db.schema.createIndex('status_days_day').on('status_days').column('day').execute();

  // announcement_id: no foreign key, an announcement row outlives nothing it is linked from.
  await db.schema
    .createTable('status_incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull())
    .addColumn('announcement_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema
    .createIndex('status_incidents_created')
    .on('status_incidents')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('status_incident_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) =>
      c.notNull().references('status_incidents.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_incident_updates_incident')
    .on('status_incident_updates')
    .column('incident_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('status_incident_updates').execute();
  await db.schema.dropTable('status_incidents').execute();
  await db.schema.dropTable('status_days').execute();
  await db.schema.dropTable('status_checks').execute();
}
