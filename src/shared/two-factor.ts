import { z } from 'zod';

// Two-factor sign-in: an authenticator app (TOTP) with recovery codes, and passkeys (WebAuthn),
// which serve as a second factor and as a sign-in of their own.

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** What every answer of a browser's WebAuthn ceremony carries besides its `response`. */
const PasskeyCredentialSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** What a browser's navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
export const PasskeyRegistrationResponseSchema = PasskeyCredentialSchema.extend({
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(65536),
    authenticatorData: b64url(65536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

/** What navigator.credentials.get() answered. */
export const PasskeyAuthenticationResponseSchema = PasskeyCredentialSchema.extend({
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(65536),
    signature: b64url(4096),
    userHandle: b64url(1024).optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponseSchema>;

/** WebAuthn options for the browser, in the JSON form @simplewebauthn/browser takes. */
const WebAuthnOptionsSchema = z.record(z.string(), z.unknown());

const code = z
  .string({ error: 'Please enter the code' })
  .trim()
  .min(1, { error: 'Please enter the code' })
  .max(64, { error: 'That code is too long' });

// --- Settings → Security --------------------------------------------------------------------

export const TotpSetupResponseSchema = z.object({
  /** The key to type into an app by hand (base32). */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code image (data: URL). */
  qrCode: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponseSchema>;

export const TotpEnableRequestSchema = z.object({ code });
export type TotpEnableRequest = z.input<typeof TotpEnableRequestSchema>;

export const RecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** Turning the app off or making new recovery codes: proof that it is the owner asking. */
export const ConfirmIdentityRequestSchema = z
  .object({
    password: z.string().max(1024).optional(),
    code: code.optional(),
  })
  .refine((v) => Boolean(v.password || v.code), {
    error: 'Enter your password or a code from your authenticator app',
  });
export type ConfirmIdentityRequest = z.input<typeof ConfirmIdentityRequestSchema>;

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by the person's password manager or platform (iCloud Keychain, Google, ...). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const TwoFactorStatusSchema = z.object({
  totp: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }),
  recoveryCodesLeft: z.number(),
  passkeys: z.array(PasskeySchema),
  /** Signing in with a password asks for a second factor. */
  enabled: z.boolean(),
  /** This account must add a second factor before it may use what it asked for (operators). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const PasskeyOptionsResponseSchema = z.object({
  /** Names this ceremony when its answer comes back. */
  challenge: z.string(),
  options: WebAuthnOptionsSchema,
});
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponseSchema>;

export const AddPasskeyRequestSchema = z.object({
  challenge: z.string().min(1).max(200),
  name: z
    .string()
    .trim()
    .max(PASSKEY_NAME_MAX, { error: `A name can be at most ${PASSKEY_NAME_MAX} characters long.` })
    .optional(),
  response: PasskeyRegistrationResponseSchema,
});
export type AddPasskeyRequest = z.input<typeof AddPasskeyRequestSchema>;

export const AddPasskeyResponseSchema = z.object({
  passkey: PasskeySchema,
  /** Given when this is the account's first second factor: the way back in if it is lost. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type AddPasskeyResponse = z.infer<typeof AddPasskeyResponseSchema>;

export const RenamePasskeyRequestSchema = z.object({
  name: z
    .string({ error: 'Please enter a name' })
    .trim()
    .min(1, { error: 'Please enter a name' })
    .max(PASSKEY_NAME_MAX, { error: `A name can be at most ${PASSKEY_NAME_MAX} characters long.` }),
});
export type RenamePasskeyRequest = z.input<typeof RenamePasskeyRequestSchema>;

// --- Signing in -----------------------------------------------------------------------------

export const SECOND_FACTOR_METHODS = ['totp', 'recovery-code', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The password (or social sign-in) was right; the account asks for its second factor too. */
export const TwoFactorRequiredResponseSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type TwoFactorRequiredResponse = z.infer<typeof TwoFactorRequiredResponseSchema>;

/** POST /api/auth/login/2fa: a code (from the app, or a recovery code) or a passkey's answer. */
export const SecondFactorRequestSchema = z
  .object({
    challenge: z.string().min(1).max(200),
    code: code.optional(),
    passkey: PasskeyAuthenticationResponseSchema.optional(),
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.passkey), {
    error: 'Please enter the code from your authenticator app',
  });
export type SecondFactorRequest = z.input<typeof SecondFactorRequestSchema>;

export const ChallengeRequestSchema = z.object({ challenge: z.string().min(1).max(200) });
export type ChallengeRequest = z.input<typeof ChallengeRequestSchema>;

export const PasskeySignInRequestSchema = z.object({
  challenge: z.string().min(1).max(200),
  response: PasskeyAuthenticationResponseSchema,
});
export type PasskeySignInRequest = z.input<typeof PasskeySignInRequestSchema>;
