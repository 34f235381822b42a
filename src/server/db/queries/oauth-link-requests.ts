import type { Database } from '../database';
import type { OAuthLinkRequestsTable } from '../schema';

export async function insertOAuthLinkRequest(
  db: Database,
  row: OAuthLinkRequestsTable,
): Promise<void> {
  await db.insertInto('oauth_link_requests').values(row).execute();
}

export async function oauthLinkRequest(
  db: Database,
  tokenHash: string,
): Promise<OAuthLinkRequestsTable | undefined> {
  return db
    .selectFrom('oauth_link_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Removes the request and returns it: only one caller ever gets it. */
export async function takeOAuthLinkRequest(
  db: Database,
  tokenHash: string,
): Promise<OAuthLinkRequestsTable | undefined> {
  return db
    .deleteFrom('oauth_link_requests')
    .where('token_hash', '=', tokenHash)
    .returningAll()
    .executeTakeFirst();
}

/** Returns how many went. */
export async function deleteOAuthLinkRequestsExpiredBefore(
  db: Database,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('oauth_link_requests')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
