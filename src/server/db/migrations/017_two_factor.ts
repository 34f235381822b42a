import type { Kysely } from 'kysely';

// Two-factor sign-in (domain/accounts/two-factor.ts, domain/accounts/passkeys.ts). Nothing here is readable as a
// credential: the authenticator app's secret is sealed with SECRET_KEY, recovery codes and
// challenge ids are kept as SHA-256 hashes, and a passkey is only its public key.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One authenticator app per account. enabled_at stays null between setup and the first code
  // that proves the app has the secret; last_time_step is the newest 30-second step a code was
  // accepted for, so the same code (or an older one) is never good twice.
  await db.schema
    .createTable('two_factor_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_time_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  // WebAuthn credentials. id is the credential id (base64url) the authenticator chose; the
  // signature counter can reach 2^32, hence bigint.
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('device_type', 'text')
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  // A sign-in half done (password right, second factor owed), or a WebAuthn ceremony under way.
  // Spent by deleting the row; attempts counts wrong codes against it.
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('webauthn_challenge', 'text')
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_challenges_expires_at')
    .on('sign_in_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_challenges').ifExists().execute();
  await db.schema.dropTable('passkeys').ifExists().execute();
  await db.schema.dropTable('two_factor_recovery_codes').ifExists().execute();
  await db.schema.dropTable('two_factor_totp').ifExists().execute();
}
