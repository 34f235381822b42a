import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './limits';
import { PASSWORD_TOO_SHORT } from './user';

// The account side of Settings (Security and Notifications tabs) and password reset.

/** One signed-in browser or device of the account (GET /api/auth/sessions). */
export const SessionInfoSchema = z.object({
  id: z.string(),
  /** 'Chrome on macOS', from the user agent; 'Unknown device' without one. */
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionsResponseSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;

/**
 * DELETE /api/auth/sessions ('sign out everywhere': every other session and every access token)
 * answers how many ended.
 */
export const EndSessionsResponseSchema = z.object({
  endedSessions: z.number(),
  revokedTokens: z.number(),
});
export type EndSessionsResponse = z.infer<typeof EndSessionsResponseSchema>;

/** DELETE /api/auth/me: the account's own e-mail, typed again, confirms. */
export const DeleteAccountRequestSchema = z.object({
  email: z
    .string({ error: 'Type your e-mail address to confirm' })
    .trim()
    .toLowerCase()
    .min(1, 'Type your e-mail address to confirm')
    .max(320),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

/** POST /api/auth/forgot-password: the answer is the same whether or not the address exists. */
export const ForgotPasswordRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address' })),
});
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;
export const ForgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

/** POST /api/auth/reset-password: the token from the e-mailed link, used once within an hour. */
export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'This reset link is incomplete.').max(200),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT }).max(1024),
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;
export const ResetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponseSchema>;

/** GET/PUT /api/auth/notifications: which e-mails the account gets (security e-mails always go). */
export const NotificationSettingsSchema = z.object({
  /** 'Your plan changed' after an upgrade, a downgrade or the end of a subscription. */
  planChanged: z.boolean(),
  /** 'Your payment failed' when a renewal could not be charged. */
  paymentFailed: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
