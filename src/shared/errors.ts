import { z } from 'zod';

/** The stable codes of API errors: clients switch on these, never on message text. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'PLAN_LIMIT',
  'FORBIDDEN',
  'ACCOUNT_SUSPENDED',
  /** An operator without a second factor, in production: set one up in Settings → Security. */
  'SECOND_FACTOR_REQUIRED',
  'EMAIL_NOT_VERIFIED',
  'SITE_DISABLED',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'SERVER_BUSY',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'CROSS_SITE_REQUEST',
  'STORAGE_QUOTA',
  'STORAGE_FULL',
  'BILLING_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
  /** Fix with AI: the site's owner has no active AI provider key (add one at /api-keys). */
  'AI_NOT_CONNECTED',
  /** Fix with AI: the provider failed, or its answer could not be used. */
  'AI_PROVIDER_ERROR',
  /** An edit of a version older than the live one: deploying it would replace newer work. */
  'NEWER_VERSION_LIVE',
  'INTERNAL',
  /** A request the API understands but does not serve (oEmbed's XML format). */
  'NOT_IMPLEMENTED',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

// Every API error leaves in this one shape, `{ error: { code, message } }`, so every
// client reads failures one way.
export const ApiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const PlanLimitDetailsSchema = z.object({
  upgradeRequired: z.literal(true),
  plan: z.string(),
  currentCount: z.number(),
  maxAllowed: z.number(),
});
export type PlanLimitDetails = z.infer<typeof PlanLimitDetailsSchema>;
