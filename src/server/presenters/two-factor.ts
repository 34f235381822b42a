import QRCode from 'qrcode';
import type {
  AddPasskeyResponse,
  Passkey,
  PasskeyOptionsResponse,
  TotpSetupResponse,
  TwoFactorRequiredResponse,
  TwoFactorStatus,
} from '../../shared/two-factor';
import type { PasskeyRow } from '../db/schema';
import type { PasskeyCeremony } from '../domain/accounts/passkeys';
import type { TwoFactorState } from '../domain/accounts/two-factor';
import type { SecondFactorPending } from '../domain/accounts/two-factor-sign-in';

/** A passkey as its owner sees it: a name and dates, never the key. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    backedUp: row.backed_up === 1,
  };
}

export function presentTwoFactorStatus(state: TwoFactorState): TwoFactorStatus {
  return {
    totp: { enabled: state.totpEnabledAt !== null, enabledAt: state.totpEnabledAt },
    recoveryCodesLeft: state.recoveryCodesLeft,
    passkeys: state.passkeys.map(presentPasskey),
    enabled: state.totpEnabledAt !== null || state.passkeys.length > 0,
    required: state.required,
  };
}

/** The new secret as a key to type and as a QR code (a data: URL) for the app to scan. */
export async function presentTotpSetup(setup: {
  secret: string;
  otpauthUrl: string;
}): Promise<TotpSetupResponse> {
  const qrCode = await QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 240 });
  return { secret: setup.secret, otpauthUrl: setup.otpauthUrl, qrCode };
}

/** The browser hands the options to the WebAuthn API as they are. */
export function presentPasskeyOptions(ceremony: PasskeyCeremony): PasskeyOptionsResponse {
  return {
    challenge: ceremony.challenge,
    options: ceremony.options as unknown as Record<string, unknown>,
  };
}

export function presentAddedPasskey(added: {
  passkey: PasskeyRow;
  recoveryCodes?: string[];
}): AddPasskeyResponse {
  return {
    passkey: presentPasskey(added.passkey),
    ...(added.recoveryCodes ? { recoveryCodes: added.recoveryCodes } : {}),
  };
}

/** A right password of an account with a second factor: no session yet, a challenge instead. */
export function presentTwoFactorRequired({
  pending,
}: SecondFactorPending): TwoFactorRequiredResponse {
  return { twoFactorRequired: true, ...pending };
}
