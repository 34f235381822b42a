import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasskeyAuthenticationResponse } from '../../../shared/two-factor';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import {
  deletePasskey,
  insertPasskey,
  passkeyById,
  passkeysOfUser,
  renamePasskey,
  replaceRecoveryCodes,
  setChallengeWebAuthn,
  takeSignInChallenge,
  touchPasskey,
} from '../../db/queries/two-factor';
import { userById } from '../../db/queries/users';
import type { PasskeyRow, UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../errors';
import { nowIso } from '../../lib/ids';
import type { SignedIn } from './sessions';
import { loginRetryAfter, noteLoginFailure } from './login-failures';
import { authorize } from '../policy';
import { createSession, SESSION_TTL_MS } from './sessions';
import { hasSecondFactor, issueFirstRecoveryCodes } from './two-factor';
import {
  challengeOwner,
  finishChallenge,
  liveChallenge,
  openChallenge,
} from './two-factor-sign-in';

// Passkeys (WebAuthn): a key pair made by the person's device or password manager, bound to
// this app's host name (the relying party, from APP_ORIGIN). We keep the public key and the
// signature counter; the device keeps the private key. A passkey is a second factor after a
// password, and, because the device checks the person (fingerprint, face, PIN) before it
// signs, a whole sign-in of its own.

export const PASSKEY_FAILED =
  "That passkey didn't work. Please try again or use another way to sign in.";
const PASSKEY_UNKNOWN =
  'This passkey is not registered here. It may have been removed from your account.';
const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/** A WebAuthn ceremony begun: the challenge that names it, and the options for the device. */
export interface PasskeyCeremony {
  challenge: string;
  options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON;
}

const transportsOf = (row: PasskeyRow): string[] | undefined => {
  if (!row.transports) return undefined;
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((t) => typeof t === 'string') : undefined;
  } catch {
    return undefined;
  }
};

const credentialOf = (row: PasskeyRow) => ({
  id: row.id,
  publicKey: isoBase64URL.toBuffer(row.public_key),
  counter: Number(row.counter),
  transports: transportsOf(row) as never,
});

// --- adding one (Settings → Security) -------------------------------------------------------

export async function passkeyRegistrationOptions(
  ctx: AppContext,
  user: UserRow,
): Promise<PasskeyCeremony> {
  authorize(user, 'passkeys.add');
  const existing = await passkeysOfUser(ctx.db, user.id);
  const { rpId, issuer } = ctx.config.twoFactor;
  const options = await generateRegistrationOptions({
    rpName: issuer,
    rpID: rpId,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    // A passkey the device can offer by itself is what 'Sign in with a passkey' needs.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
  });
  const { challenge } = await openChallenge(ctx.db, 'passkey-registration', user.id, {
    webauthnChallenge: options.challenge,
  });
  return { challenge, options };
}

export async function addPasskey(
  ctx: AppContext,
  user: UserRow,
  input: { challenge: string; name?: string | undefined; response: unknown },
): Promise<{ passkey: PasskeyRow; recoveryCodes?: string[] }> {
  const row = await liveChallenge(ctx.db, input.challenge, 'passkey-registration');
  // Another account's ceremony is as good as none.
  if (row.user_id !== user.id || !row.webauthn_challenge) throw notFound('Passkey setup not found');
  if (!(await takeSignInChallenge(ctx.db, row.id_hash))) throw notFound('Passkey setup not found');
  const { rpId, origin } = ctx.config.twoFactor;
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: row.webauthn_challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: false,
    });
  } catch (err) {
    ctx.log.info({ err: (err as Error).message }, 'passkey registration refused');
    throw badRequest('Your device could not create a passkey for this site. Please try again.');
  }
  if (!verified.verified) {
    throw badRequest('Your device could not create a passkey for this site. Please try again.');
  }
  const info = verified.registrationInfo;
  const existing = await passkeysOfUser(ctx.db, user.id);
  const at = nowIso();
  const passkey: PasskeyRow = {
    id: info.credential.id,
    user_id: user.id,
    public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports ? JSON.stringify(info.credential.transports) : null,
    device_type: info.credentialDeviceType,
    backed_up: info.credentialBackedUp ? 1 : 0,
    name: input.name || `Passkey ${existing.length + 1}`,
    created_at: at,
    last_used_at: null,
  };
  try {
    await insertPasskey(ctx.db, passkey);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This passkey is already registered.');
    throw err;
  }
  const recoveryCodes = await issueFirstRecoveryCodes(ctx, user.id);
  return { passkey, ...(recoveryCodes ? { recoveryCodes } : {}) };
}

export async function renameOwnPasskey(
  ctx: AppContext,
  user: UserRow,
  id: string,
  name: string,
): Promise<PasskeyRow> {
  if (!(await renamePasskey(ctx.db, user.id, id, name))) throw notFound('Passkey not found');
  const row = await passkeyById(ctx.db, id);
  if (!row) throw notFound('Passkey not found');
  return row;
}

/** Removes one; with no second factor left, the recovery codes go too (they stand in for one). */
export async function removePasskey(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (!(await deletePasskey(ctx.db, user.id, id))) throw notFound('Passkey not found');
  if (!(await hasSecondFactor(ctx.db, user.id))) await replaceRecoveryCodes(ctx.db, user.id, []);
}

// --- using one ------------------------------------------------------------------------------

/** Checks a passkey's signature over the challenge; moves its counter and 'last used'. */
async function verifyAssertion(
  ctx: AppContext,
  passkey: PasskeyRow,
  response: PasskeyAuthenticationResponse,
  expectedChallenge: string,
  requireUserVerification: boolean,
): Promise<boolean> {
  const { rpId, origin } = ctx.config.twoFactor;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      credential: credentialOf(passkey),
      requireUserVerification,
    });
    if (!result.verified) return false;
    await touchPasskeyUse(ctx, passkey.id, result.authenticationInfo.newCounter);
    return true;
  } catch (err) {
    // A counter that went backwards (a cloned key) lands here too.
    ctx.log.info({ err: (err as Error).message }, 'passkey assertion refused');
    return false;
  }
}

async function touchPasskeyUse(ctx: AppContext, id: string, counter: number): Promise<void> {
  await touchPasskey(ctx.db, id, counter, nowIso());
}

/** WebAuthn options to answer a second-factor challenge with one of the account's passkeys. */
export async function secondFactorPasskeyOptions(
  ctx: AppContext,
  challenge: string,
): Promise<PasskeyCeremony> {
  const { row, user } = await challengeOwner(ctx, challenge);
  const passkeys = await passkeysOfUser(ctx.db, user.id);
  if (passkeys.length === 0) throw badRequest('This account has no passkey yet.');
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.twoFactor.rpId,
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    userVerification: 'preferred',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await setChallengeWebAuthn(ctx.db, row.id_hash, options.challenge);
  return { challenge, options };
}

/** Answers a second-factor challenge with a passkey of that same account. */
export async function finishWithPasskey(
  ctx: AppContext,
  challenge: string,
  response: PasskeyAuthenticationResponse,
  client: { ip: string; userAgent: string | null },
): Promise<SignedIn> {
  const { row, user } = await challengeOwner(ctx, challenge);
  const expected = row.webauthn_challenge;
  return finishChallenge(ctx, row, user, client, async () => {
    if (!expected) return 'wrong';
    const passkey = await passkeyById(ctx.db, response.id);
    if (!passkey || passkey.user_id !== user.id) return 'wrong';
    return (await verifyAssertion(ctx, passkey, response, expected, false)) ? 'ok' : 'wrong';
  });
}

/** 'Sign in with a passkey': options for any passkey of this site the device holds. */
export async function passkeySignInOptions(ctx: AppContext): Promise<PasskeyCeremony> {
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.twoFactor.rpId,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  const { challenge } = await openChallenge(ctx.db, 'passkey-sign-in', null, {
    webauthnChallenge: options.challenge,
  });
  return { challenge, options };
}

/**
 * A whole sign-in with a passkey: the device checked the person (user verification), so no
 * password or code is asked. The challenge is spent whatever the outcome.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  challenge: string,
  response: PasskeyAuthenticationResponse,
  client: { ip: string; userAgent: string | null },
): Promise<SignedIn> {
  const address = `ip:${client.ip}`;
  const wait = await loginRetryAfter(ctx.db, [address]);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
  const row = await liveChallenge(ctx.db, challenge, 'passkey-sign-in');
  if (!(await takeSignInChallenge(ctx.db, row.id_hash)) || !row.webauthn_challenge) {
    throw new AppError(410, 'GONE', 'This sign-in has expired. Please try again.');
  }
  const passkey = await passkeyById(ctx.db, response.id);
  const fail = async (message: string) => {
    await noteLoginFailure(ctx.db, [address]);
    return new AppError(401, 'INVALID_CREDENTIALS', message);
  };
  if (!passkey) throw await fail(PASSKEY_UNKNOWN);
  if (!(await verifyAssertion(ctx, passkey, response, row.webauthn_challenge, true))) {
    throw await fail(PASSKEY_FAILED);
  }
  const user = await userById(ctx.db, passkey.user_id);
  if (!user) throw await fail(PASSKEY_UNKNOWN);
  authorize(user, 'account.sign-in');
  return { user, session: await createSession(ctx.db, user.id, SESSION_TTL_MS, client.userAgent) };
}
