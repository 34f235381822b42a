import type { Kysely } from 'kysely';

// Custom domains (domain/domains/custom-domains.ts): one per site, unique across sites, with the state
// of its DNS verification and, for the certificate work to come, of its SSL certificate.
const COLUMNS = [
  'custom_domain',
  'custom_domain_status',
  'domain_message',
  'domain_added_at',
  'domain_pending_since',
  'domain_checked_at',
  'domain_next_check_at',
  'domain_lost_at',
  'ssl_status',
  'ssl_expires_at',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('sites').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('sites')
    .addColumn('domain_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // NULLs never collide, so any number of sites have no domain.
  await db.schema
    .createIndex('sites_custom_domain')
    .on('sites')
    .column('custom_domain')
    .unique()
    .execute();
  await db.schema
    .createIndex('sites_domain_next_check_at')
    .on('sites')
    .column('domain_next_check_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sites_domain_next_check_at').ifExists().execute();
  await db.schema.dropIndex('sites_custom_domain').ifExists().execute();
  for (const column of [...COLUMNS, 'domain_failures']) {
    await db.schema.alterTable('sites').dropColumn(column).execute();
  }
}
