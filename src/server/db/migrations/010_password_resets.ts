import type { Kysely } from 'kysely';

// 'Forgot your password?' links (domain/accounts/password-resets.ts) and which e-mails an account wants
// (the Notifications tab). Only a token's sha-256 is kept: a copy of the database resets nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user_id')
    .on('password_resets')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('password_resets_expires_at')
    .on('password_resets')
    .column('expires_at')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_plan_changed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_payment_failed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_payment_failed').execute();
  await db.schema.alterTable('users').dropColumn('email_plan_changed').execute();
  await db.schema.dropTable('password_resets').ifExists().execute();
}
