import { generateSecret, generateURI, verify } from 'otplib';
import type { SecondFactorMethod } from '../../../shared/two-factor';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import {
  advanceTotpStep,
  deleteTotp,
  enableTotp as storeEnabledTotp,
  passkeyCount,
  passkeysOfUser,
  putPendingTotp,
  replaceRecoveryCodes,
  spendRecoveryCode,
  totpOfUser,
  unusedRecoveryCodeCount,
} from '../../db/queries/two-factor';
import type { PasskeyRow, UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { nowIso } from '../../lib/ids';
import { open, seal } from '../../lib/secret-box';
import { verifyPassword } from './passwords';
import { authorize, operatorOwesSecondFactor } from '../policy';
import { hashRecoveryCode, newRecoveryCodes, recoveryRows } from './two-factor-recovery-codes';

// Two-factor sign-in. An account has a second factor once its authenticator app is confirmed or
// it has a passkey; from then on a right password (or a social sign-in) opens a short-lived,
// single-use challenge instead of a session, and only a code from the app, an unused recovery
// code or one of its passkeys turns that challenge into a session. Wrong codes count against the
// same throttle as wrong passwords, and a challenge takes a few tries at most. This file holds
// what an account has and how its app is set up; two-factor-sign-in.ts answers the challenge.

/** A code from the step before or after the current one still counts: clocks drift. */
const TOTP_TOLERANCE_SECONDS = 30;

export const WRONG_CODE =
  "That code didn't work. Check the code in your authenticator app and try again.";
export const CODE_ALREADY_USED =
  'That code was just used. Please wait for your authenticator app to show a new one.';

// --- what an account has --------------------------------------------------------------------

async function enabledTotp(db: Database, userId: string) {
  const row = await totpOfUser(db, userId);
  return row?.enabled_at ? row : undefined;
}

/** The second factors this account can answer a challenge with. */
export async function secondFactorMethods(
  db: Database,
  userId: string,
): Promise<SecondFactorMethod[]> {
  const [totp, passkeys, codes] = await Promise.all([
    enabledTotp(db, userId),
    passkeyCount(db, userId),
    unusedRecoveryCodeCount(db, userId),
  ]);
  const methods: SecondFactorMethod[] = [];
  if (totp) methods.push('totp');
  if (passkeys > 0) methods.push('passkey');
  // Recovery codes stand in for a lost factor; alone they are no second factor.
  if (methods.length > 0 && codes > 0) methods.push('recovery-code');
  return methods;
}

export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  return (await secondFactorMethods(db, userId)).length > 0;
}

/** An operator in production must have a second factor before the console opens. */
export async function mustSetUpSecondFactor(ctx: AppContext, user: UserRow): Promise<boolean> {
  return operatorOwesSecondFactor(ctx.config, user, () => hasSecondFactor(ctx.db, user.id));
}

/** What an account has of each factor, for Settings → Security. */
export interface TwoFactorState {
  totpEnabledAt: string | null;
  recoveryCodesLeft: number;
  passkeys: PasskeyRow[];
  /** An operator without a second factor, who must set one up first. */
  required: boolean;
}

export async function twoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorState> {
  const [totp, recoveryCodesLeft, passkeys, required] = await Promise.all([
    enabledTotp(ctx.db, user.id),
    unusedRecoveryCodeCount(ctx.db, user.id),
    passkeysOfUser(ctx.db, user.id),
    mustSetUpSecondFactor(ctx, user),
  ]);
  return { totpEnabledAt: totp?.enabled_at ?? null, recoveryCodesLeft, passkeys, required };
}

// --- authenticator app ----------------------------------------------------------------------

/** A new secret for the app, shown once as a QR code and a key; on only after its first code. */
export async function startTotpSetup(
  ctx: AppContext,
  user: UserRow,
): Promise<{ secret: string; otpauthUrl: string }> {
  authorize(user, 'two-factor.use');
  if (await enabledTotp(ctx.db, user.id)) {
    throw conflict(
      'Your authenticator app is already set up. Turn it off first to move to another app.',
    );
  }
  const secret = generateSecret();
  const stored = await putPendingTotp(
    ctx.db,
    user.id,
    seal(ctx.config.secretKey, secret),
    nowIso(),
  );
  // Another tab finished setting up an app meanwhile.
  if (!stored) throw conflict('Your authenticator app is already set up.');
  const otpauthUrl = generateURI({
    issuer: ctx.config.twoFactor.issuer,
    label: user.email,
    secret,
  });
  return { secret, otpauthUrl };
}

/** The first code proves the app holds the secret: the app is on, and recovery codes are made. */
export async function enableTotp(ctx: AppContext, user: UserRow, code: string): Promise<string[]> {
  authorize(user, 'two-factor.use');
  const row = await totpOfUser(ctx.db, user.id);
  if (!row) throw badRequest('Start by scanning the QR code, then enter the code your app shows.');
  if (row.enabled_at) throw conflict('Your authenticator app is already set up.');
  const step = await totpStep(ctx, row.secret_sealed, code, row.last_time_step);
  if (step === null) throw badRequest(WRONG_CODE);
  const codes = newRecoveryCodes();
  const at = nowIso();
  const done = await storeEnabledTotp(ctx.db, user.id, step, at, recoveryRows(user.id, codes, at));
  if (!done) throw conflict('Your authenticator app is already set up.');
  return codes;
}

/** Turns the app off, given the password or a current code; recovery codes go with the last factor. */
export async function disableTotp(
  ctx: AppContext,
  user: UserRow,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  authorize(user, 'two-factor.use');
  if (!(await enabledTotp(ctx.db, user.id))) {
    throw badRequest('Two-factor authentication with an app is not on.');
  }
  await confirmIdentity(ctx, user, proof);
  await deleteTotp(ctx.db, user.id);
  if ((await passkeyCount(ctx.db, user.id)) === 0) await replaceRecoveryCodes(ctx.db, user.id, []);
}

/** New recovery codes replace every old one; needs the password or a current code. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  user: UserRow,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<string[]> {
  authorize(user, 'two-factor.use');
  if (!(await hasSecondFactor(ctx.db, user.id))) {
    throw badRequest('Set up two-factor authentication first.');
  }
  await confirmIdentity(ctx, user, proof);
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, user.id, recoveryRows(user.id, codes, nowIso()));
  return codes;
}

/** Recovery codes for an account that has none yet (its first passkey). */
export async function issueFirstRecoveryCodes(
  ctx: AppContext,
  userId: string,
): Promise<string[] | undefined> {
  if ((await unusedRecoveryCodeCount(ctx.db, userId)) > 0) return undefined;
  if (await enabledTotp(ctx.db, userId)) return undefined;
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, userId, recoveryRows(userId, codes, nowIso()));
  return codes;
}

/** The password, or a code (app or recovery) of this account: a stolen session alone is not enough. */
async function confirmIdentity(
  ctx: AppContext,
  user: UserRow,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  if (proof.password) {
    if (user.password_hash && (await verifyPassword(proof.password, user.password_hash))) return;
    throw badRequest('That password is not correct.');
  }
  if (proof.code && (await acceptCode(ctx, user.id, proof.code)) === 'ok') return;
  throw badRequest(WRONG_CODE);
}

/** The time step a 6-digit code is right for, when it is newer than `after`; null otherwise. */
async function totpStep(
  ctx: AppContext,
  secretSealed: string,
  code: string,
  after: number,
): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const secret = open(ctx.config.secretKey, secretSealed);
  const result = await verify({
    secret,
    token,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    afterTimeStep: after,
  }).catch(() => ({ valid: false as const }));
  // Time-based options give a time-based result; the union type also covers counter-based.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * A code from the app (newer than the last one accepted, recorded so it is never good again) or
 * an unused recovery code (spent). 'replayed': a right code that was already used.
 */
export async function acceptCode(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<'ok' | 'wrong' | 'replayed'> {
  const compact = code.replace(/[\s-]+/g, '');
  if (/^\d{6}$/.test(compact)) {
    const totp = await enabledTotp(ctx.db, userId);
    if (!totp) return 'wrong';
    const step = await totpStep(ctx, totp.secret_sealed, compact, totp.last_time_step);
    if (step === null) {
      // Right for a step already used: tell the person to wait, without counting it as a hit.
      const older = await totpStep(ctx, totp.secret_sealed, compact, 0);
      return older !== null ? 'replayed' : 'wrong';
    }
    return (await advanceTotpStep(ctx.db, userId, step)) ? 'ok' : 'replayed';
  }
  const spent = await spendRecoveryCode(ctx.db, userId, hashRecoveryCode(compact), nowIso());
  return spent ? 'ok' : 'wrong';
}
