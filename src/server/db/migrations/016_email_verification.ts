import { sql, type Kysely } from 'kysely';

// E-mail ownership (domain/accounts/email-verification.ts). `email_verified` is 1 once the address is
// proven: a link we sent to it was opened, or a provider vouched for it at a social sign-in.
//
// Accounts that exist before this migration: those made by a social sign-in (no password) were
// created from a provider-verified address, so they start verified. Password accounts start
// unverified, whoever they are: an account could have been registered with someone else's
// address, and nothing so far tells the owner from a squatter. Their owners confirm with one
// click from the banner; until then they keep every site, and an ADMIN_EMAILS address gets its
// powers back at that click. Guests' addresses are ours (@guest.invalid) and never verified.
//
// Links are kept as sha-256 hashes only, used once, with an expiry: `email` is the address the
// link proves (the new one for a change of address).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE users SET email_verified = 1 WHERE is_guest = 0 AND password_hash IS NULL`.execute(
    db,
  );

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_verifications_user_created')
    .on('email_verifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('email_verifications_expires_at')
    .on('email_verifications')
    .column('expires_at')
    .execute();

  // A social sign-in that found a password account with its address, never confirmed: the
  // provider identity waits here until that account's password is given in the same browser.
  await db.schema
    .createTable('oauth_link_requests')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_state_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_account_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_link_requests_expires_at')
    .on('oauth_link_requests')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_link_requests').ifExists().execute();
  await db.schema.dropTable('email_verifications').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
}
