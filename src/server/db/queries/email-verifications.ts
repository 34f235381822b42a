import type { Database } from '../database';
import type { EmailVerificationPurpose, EmailVerificationsTable } from '../schema';

export async function insertEmailVerification(
  db: Database,
  row: EmailVerificationsTable,
): Promise<void> {
  await db.insertInto('email_verifications').values(row).execute();
}

/** Marks every unused link of one purpose of a user as used: only the newest one works. */
export async function retireUnusedEmailVerifications(
  db: Database,
  userId: string,
  purpose: EmailVerificationPurpose,
  at: string,
): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Uses a link once: one conditional UPDATE, so two requests with the same token cannot both
 * pass. Undefined when it is unknown, used or expired.
 */
export async function useEmailVerification(
  db: Database,
  tokenHash: string,
  at: string,
): Promise<Pick<EmailVerificationsTable, 'user_id' | 'email' | 'purpose'> | undefined> {
  return db
    .updateTable('email_verifications')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['user_id', 'email', 'purpose'])
    .executeTakeFirst();
}

/** Links of one purpose sent to a user since `since`, newest first: what the limit counts. */
export async function emailVerificationsSentSince(
  db: Database,
  userId: string,
  purpose: EmailVerificationPurpose,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('email_verifications')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.created_at);
}

/** Returns how many went. */
export async function deleteEmailVerificationsExpiredBefore(
  db: Database,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('email_verifications')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
