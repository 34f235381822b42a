import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type {
  AddPasskeyResponse,
  ConfirmIdentityRequest,
  Passkey,
  PasskeyOptionsResponse,
  RecoveryCodesResponse,
  SecondFactorRequest,
  TotpSetupResponse,
  TwoFactorStatus,
} from '../../shared/two-factor';
import type { AuthResponse } from '../../shared/user';
import { api } from './client';

export const twoFactorApi = {
  status: () => api<TwoFactorStatus>('/auth/2fa'),
  setupTotp: () => api<TotpSetupResponse>('/auth/2fa/totp/setup', { method: 'POST' }),
  enableTotp: (code: string) =>
    api<RecoveryCodesResponse>('/auth/2fa/totp/enable', { body: { code } }),
  disableTotp: (body: ConfirmIdentityRequest) =>
    api<TwoFactorStatus>('/auth/2fa/totp/disable', { body }),
  newRecoveryCodes: (body: ConfirmIdentityRequest) =>
    api<RecoveryCodesResponse>('/auth/2fa/recovery-codes', { body }),
  renamePasskey: (id: string, name: string) =>
    api<{ passkey: Passkey }>(`/auth/2fa/passkeys/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { name },
    }),
  removePasskey: (id: string) =>
    api<null>(`/auth/2fa/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** Asks the browser (and the person's device) for a new passkey, then stores it. */
  addPasskey: async (name: string): Promise<AddPasskeyResponse> => {
    const { challenge, options } = await api<PasskeyOptionsResponse>('/auth/2fa/passkeys/options', {
      method: 'POST',
    });
    const response = await askDevice(() =>
      startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      }),
    );
    return api<AddPasskeyResponse>('/auth/2fa/passkeys', {
      body: { challenge, response, ...(name.trim() ? { name: name.trim() } : {}) },
    });
  },
  /** The second step of a sign-in, with a code. */
  finishWithCode: (body: SecondFactorRequest) => api<AuthResponse>('/auth/login/2fa', { body }),
  /** The second step of a sign-in, with one of the account's passkeys. */
  finishWithPasskey: async (challenge: string): Promise<AuthResponse> => {
    const { options } = await api<PasskeyOptionsResponse>('/auth/login/2fa/passkey-options', {
      body: { challenge },
    });
    const passkey = await askDevice(() =>
      startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      }),
    );
    return api<AuthResponse>('/auth/login/2fa', { body: { challenge, passkey } });
  },
  /** 'Sign in with a passkey': no e-mail, no password. */
  signInWithPasskey: async (): Promise<AuthResponse> => {
    const { challenge, options } = await api<PasskeyOptionsResponse>('/auth/passkey/options', {
      method: 'POST',
    });
    const response = await askDevice(() =>
      startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      }),
    );
    return api<AuthResponse>('/auth/passkey', { body: { challenge, response } });
  },
};

/** Thrown when the person closed the browser's passkey prompt: nothing to report as an error. */
export class PasskeyCancelled extends Error {}

/** The browser's passkey prompt, its failures in words for people. */
async function askDevice<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (err instanceof WebAuthnError) {
      if (err.code === 'ERROR_CEREMONY_ABORTED' || err.name === 'NotAllowedError') {
        throw new PasskeyCancelled('The passkey prompt was closed before it finished.');
      }
      if (err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
        throw new Error('This device already has a passkey for your account.');
      }
    }
    if (err instanceof Error && err.name === 'NotAllowedError') {
      throw new PasskeyCancelled('The passkey prompt was closed before it finished.');
    }
    throw new Error(
      'Your browser could not use a passkey here. Try another browser or device, or sign in another way.',
    );
  }
}
