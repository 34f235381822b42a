import type { Kysely } from 'kysely';

// Claim links for guest sites (domain/sites/claims.ts). A row is a guest's promise that whoever holds
// its token may move that guest's unexpired sites into their account: made by a session-less API
// deploy, or when a guest signs in to an account whose plan cannot take all their sites. Only the
// token's hash is stored; `used_at` makes it single use; it goes with its guest (cascade).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_claims')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('guest_user_id', 'text', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .execute();
  await db.schema
    .createIndex('site_claims_guest_user_id')
    .on('site_claims')
    .column('guest_user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_claims').ifExists().execute();
}
