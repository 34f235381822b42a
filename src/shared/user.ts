import { z } from 'zod';
import { PLAN_NAMES } from './plans';
import { GuestClaimSchema } from './claim';
import { PASSWORD_MIN_LENGTH } from './limits';

export const PlanNameSchema = z.enum(PLAN_NAMES);

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: PlanNameSchema,
  isGuest: z.boolean(),
  /** The address was proven: a link sent to it was opened, or a provider vouched for it. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
  /** Sign-up or sign-in from a browser holding a guest session: what became of its sites. */
  claim: GuestClaimSchema.optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const MeResponseSchema = z.object({ user: UserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';

export const RegisterRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  password: z.string().min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT }).max(1024),
  name: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { message: 'Please enter your email address' }),
  password: z.string().min(1, { message: 'Please enter your password' }).max(1024),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** /auth/callback hands the code it was given to the server, which answers {token, user}. */
export const SignInCodeRequestSchema = z.object({
  code: z.string().min(1, { message: 'No authentication token received' }).max(200),
});
export type SignInCodeRequest = z.input<typeof SignInCodeRequestSchema>;

/** PATCH /api/auth/me: the Profile tab's name (the address changes through POST /api/auth/email). */
export const UpdateProfileRequestSchema = z.object({
  name: z
    .string({ error: 'Please enter your name' })
    .trim()
    .min(1, { error: 'Please enter your name' })
    .max(200, { error: 'A name can be at most 200 characters long.' }),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/** POST /api/auth/password: the Security tab. Every other session of the account ends. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Please enter your current password' })
    .min(1, { error: 'Please enter your current password' })
    .max(1024),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT }).max(1024),
  /** Also sign out every other device and revoke every access token (on unless turned off). */
  signOutEverywhere: z.boolean().default(true),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

export const ChangePasswordResponseSchema = z.object({
  /** How many other sessions (other browsers and devices) were signed out. */
  endedSessions: z.number(),
  /** How many access tokens were revoked. */
  revokedTokens: z.number(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;
