import type { Database } from '../database';
import type { SignInCodesTable } from '../schema';

export async function insertSignInCode(db: Database, row: SignInCodesTable): Promise<void> {
  await db.insertInto('sign_in_codes').values(row).execute();
}

export async function signInCodeByHash(db: Database, codeHash: string) {
  return db
    .selectFrom('sign_in_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Removes the code; true only for the one caller that removed it, so a code is used once. */
export async function takeSignInCode(db: Database, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sign_in_codes')
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Returns how many went. */
export async function deleteSignInCodesExpiredBefore(
  db: Database,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_codes')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
