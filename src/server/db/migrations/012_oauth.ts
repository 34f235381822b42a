import type { Kysely } from 'kysely';

// Social sign-in (domain/accounts/social-sign-in.ts). `oauth_accounts` ties a provider's account to one
// of ours, so a returning person is found by the provider's id even after their e-mail changed.
// `oauth_sign_ins` holds a started sign-in: kept here rather than in a cookie, so the PKCE
// verifier and the nonce never reach the browser; looked up by the hash of the state sent to
// the provider, taken once, and bound to the browser (its auth_state cookie) that started it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_accounts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_account_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'provider_account_id'])
    .execute();
  await db.schema
    .createIndex('oauth_accounts_user_id')
    .on('oauth_accounts')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('oauth_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_state_hash', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text')
    .addColumn('nonce', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_sign_ins_expires_at')
    .on('oauth_sign_ins')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_sign_ins').ifExists().execute();
  await db.schema.dropTable('oauth_accounts').ifExists().execute();
}
