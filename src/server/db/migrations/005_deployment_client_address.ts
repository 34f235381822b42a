import type { Kysely } from 'kysely';

// The client address a deployment was asked for from (an IPv6 client as its /64), so the
// build queue can cap what one address keeps waiting across all the accounts it holds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deployments').addColumn('client_address', 'text').execute();
  await db.schema
    .createIndex('deployments_client_address_status')
    .on('deployments')
    .columns(['client_address', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deployments_client_address_status').execute();
  await db.schema.alterTable('deployments').dropColumn('client_address').execute();
}
