import type { Kysely } from 'kysely';

// One-time codes that /auth/callback exchanges for a session (domain/accounts/sign-in-codes.ts). Only
// hashes are kept: of the code, and of the state cookie of the browser that started sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('state_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_codes_expires_at')
    .on('sign_in_codes')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_codes').ifExists().execute();
}
