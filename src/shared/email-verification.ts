import { z } from 'zod';
import { UserSchema } from './user';

// E-mail ownership: confirming the address, changing it, and linking a social sign-in to a
// password account whose address was never confirmed.

/** What an account whose address is not confirmed yet cannot do, in the words the screens use. */
export const NEEDS_VERIFIED_EMAIL =
  'upgrading your plan, custom domains, access tokens and stored AI keys';

/** POST /api/auth/verify-email: the token from the e-mailed link (no session needed). */
export const VerifyEmailRequestSchema = z.object({
  token: z.string().min(1, 'This link is incomplete.').max(200),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;
export const VerifyEmailResponseSchema = z.object({
  message: z.string(),
  /** The address now confirmed on the account. */
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** POST /api/auth/resend-verification and POST /api/auth/email: what was sent, in words. */
export const EmailSentResponseSchema = z.object({ message: z.string() });
export type EmailSentResponse = z.infer<typeof EmailSentResponseSchema>;

/** POST /api/auth/email: Settings → Profile. The password is needed when the account has one. */
export const ChangeEmailRequestSchema = z.object({
  newEmail: z
    .string({ error: 'Please enter the new e-mail address' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  currentPassword: z.string().max(1024).optional(),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>;

/** GET /api/auth/link?token=: what the "connect your sign-in" screen shows. */
export const LinkRequestInfoSchema = z.object({
  provider: z.enum(['github', 'google']),
  email: z.string(),
});
export type LinkRequestInfo = z.infer<typeof LinkRequestInfoSchema>;

/** POST /api/auth/link: the existing account's password, to connect the provider to it. */
export const LinkAccountRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1, { message: 'Please enter your password' }).max(1024),
});
export type LinkAccountRequest = z.input<typeof LinkAccountRequestSchema>;
export const LinkAccountResponseSchema = z.object({
  /** The provider now connected: the web app signs in with it again to get a session. */
  provider: z.enum(['github', 'google']),
  user: UserSchema.pick({ email: true }),
});
export type LinkAccountResponse = z.infer<typeof LinkAccountResponseSchema>;
