import type { Database } from '../database';
import type { OAuthAccountsTable, OAuthProvider, OAuthSignInsTable } from '../schema';

export async function insertOAuthSignIn(db: Database, row: OAuthSignInsTable): Promise<void> {
  await db.insertInto('oauth_sign_ins').values(row).execute();
}

/** Removes the started sign-in and returns it: only one caller ever gets it, so state is used once. */
export async function takeOAuthSignIn(
  db: Database,
  stateHash: string,
): Promise<OAuthSignInsTable | undefined> {
  return db
    .deleteFrom('oauth_sign_ins')
    .where('state_hash', '=', stateHash)
    .returningAll()
    .executeTakeFirst();
}

/** Returns how many went. */
export async function deleteOAuthSignInsExpiredBefore(
  db: Database,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('oauth_sign_ins')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function oauthAccount(
  db: Database,
  provider: OAuthProvider,
  providerAccountId: string,
): Promise<OAuthAccountsTable | undefined> {
  return db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_account_id', '=', providerAccountId)
    .executeTakeFirst();
}

export async function insertOAuthAccount(db: Database, row: OAuthAccountsTable): Promise<void> {
  await db.insertInto('oauth_accounts').values(row).execute();
}

export async function touchOAuthAccount(
  db: Database,
  provider: OAuthProvider,
  providerAccountId: string,
  email: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('oauth_accounts')
    .set({ email, last_used_at: at })
    .where('provider', '=', provider)
    .where('provider_account_id', '=', providerAccountId)
    .execute();
}
