import type { Database } from '../database';
import type {
  PasskeysTable,
  SignInChallengeKind,
  SignInChallengesTable,
  TwoFactorRecoveryCodesTable,
} from '../schema';
import type { Insertable } from 'kysely';

// --- authenticator app ----------------------------------------------------------------------

export async function totpOfUser(db: Database, userId: string) {
  return db
    .selectFrom('two_factor_totp')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new secret waiting for its first code; replaces one never confirmed, never an enabled one. */
export async function putPendingTotp(
  db: Database,
  userId: string,
  secretSealed: string,
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('two_factor_totp')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .execute();
    const result = await trx
      .insertInto('two_factor_totp')
      .values({ user_id: userId, secret_sealed: secretSealed, enabled_at: null, created_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  });
}

/**
 * Moves the accepted time step forward, only past the one stored: true for the one caller
 * whose code is newer, so two requests with the same code cannot both pass.
 */
export async function advanceTotpStep(
  db: Database,
  userId: string,
  timeStep: number,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_totp')
    .set({ last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('last_time_step', '<', timeStep)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Confirms the pending app and stores its recovery codes (replacing any) in one transaction. */
export async function enableTotp(
  db: Database,
  userId: string,
  timeStep: number,
  at: string,
  codes: Insertable<TwoFactorRecoveryCodesTable>[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('two_factor_totp')
      .set({ enabled_at: at, last_time_step: timeStep })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .where('last_time_step', '<', timeStep)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await replaceRecoveryCodesIn(trx, userId, codes);
    return true;
  });
}

export async function deleteTotp(db: Database, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_totp').where('user_id', '=', userId).execute();
}

// --- recovery codes -------------------------------------------------------------------------

async function replaceRecoveryCodesIn(
  trx: Database,
  userId: string,
  codes: Insertable<TwoFactorRecoveryCodesTable>[],
): Promise<void> {
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  if (codes.length > 0) await trx.insertInto('two_factor_recovery_codes').values(codes).execute();
}

export async function replaceRecoveryCodes(
  db: Database,
  userId: string,
  codes: Insertable<TwoFactorRecoveryCodesTable>[],
): Promise<void> {
  await db.transaction().execute((trx) => replaceRecoveryCodesIn(trx, userId, codes));
}

export async function unusedRecoveryCodeCount(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the code used; true only for the one caller that did, so a code works once. */
export async function spendRecoveryCode(
  db: Database,
  userId: string,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- passkeys -------------------------------------------------------------------------------

export async function insertPasskey(db: Database, row: Insertable<PasskeysTable>): Promise<void> {
  await db.insertInto('passkeys').values(row).execute();
}

export async function passkeysOfUser(db: Database, userId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function passkeyById(db: Database, id: string) {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function passkeyCount(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function touchPasskey(
  db: Database,
  id: string,
  counter: number,
  at: string,
): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: at })
    .where('id', '=', id)
    .execute();
}

export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// --- challenges -----------------------------------------------------------------------------

export async function insertSignInChallenge(
  db: Database,
  row: Insertable<SignInChallengesTable>,
): Promise<void> {
  await db.insertInto('sign_in_challenges').values(row).execute();
}

export async function signInChallenge(db: Database, idHash: string, kind: SignInChallengeKind) {
  return db
    .selectFrom('sign_in_challenges')
    .selectAll()
    .where('id_hash', '=', idHash)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function setChallengeWebAuthn(
  db: Database,
  idHash: string,
  webauthnChallenge: string,
): Promise<void> {
  await db
    .updateTable('sign_in_challenges')
    .set({ webauthn_challenge: webauthnChallenge })
    .where('id_hash', '=', idHash)
    .execute();
}

/**
 * Counts one wrong answer, only while fewer than `max` were given; false when the challenge is
 * used up (or gone), so parallel guesses cannot pass the limit.
 */
export async function countChallengeAttempt(
  db: Database,
  idHash: string,
  max: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id_hash', '=', idHash)
    .where('attempts', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the challenge; true only for the one caller that removed it. */
export async function takeSignInChallenge(db: Database, idHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sign_in_challenges')
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Returns how many went. */
export async function deleteSignInChallengesExpiredBefore(
  db: Database,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_challenges')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
