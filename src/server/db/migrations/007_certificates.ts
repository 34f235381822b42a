import type { Kysely } from 'kysely';

// Certificates of custom domains (domain/domains/certificates.ts). Everything an ACME order needs lives
// here rather than in memory, so any node answers a challenge and any node serves the result.
const SITE_COLUMNS = ['ssl_message', 'ssl_next_attempt_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SITE_COLUMNS) {
    await db.schema.alterTable('sites').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('sites')
    .addColumn('ssl_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('sites_ssl_next_attempt_at')
    .on('sites')
    .column('ssl_next_attempt_at')
    .execute();
  // HTTP-01 key authorizations, served at /.well-known/acme-challenge/<token> by every node.
  await db.schema
    .createTable('acme_challenges')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('key_authorization', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  // One row per domain: the certificate served now. key_pem is encrypted with SECRET_KEY.
  await db.schema
    .createTable('certificates')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('cert_pem', 'text', (c) => c.notNull())
    .addColumn('key_pem', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();
  // Installation-wide secrets (the ACME account key), encrypted with SECRET_KEY.
  await db.schema
    .createTable('installation_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // When each order started: the per-installation cap on new orders per hour counts these.
  await db.schema
    .createTable('acme_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('acme_orders_started_at')
    .on('acme_orders')
    .column('started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acme_orders').ifExists().execute();
  await db.schema.dropTable('installation_secrets').ifExists().execute();
  await db.schema.dropTable('certificates').ifExists().execute();
  await db.schema.dropTable('acme_challenges').ifExists().execute();
  await db.schema.dropIndex('sites_ssl_next_attempt_at').ifExists().execute();
  for (const column of [...SITE_COLUMNS, 'ssl_failures']) {
    await db.schema.alterTable('sites').dropColumn(column).execute();
  }
}
