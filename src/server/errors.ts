import type { ErrorCode, PlanLimitDetails } from '../shared/errors';
import { newerVersionLiveMessage, type NewerVersionLiveDetails } from '../shared/site-source';

// Errors the domain throws; one handler turns them into {error:{message, code, details}}.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Authentication required. Please login again.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
export const planLimitReached = (limit: Omit<PlanLimitDetails, 'upgradeRequired'>) =>
  new AppError(
    403,
    'PLAN_LIMIT',
    `You've reached the limit of ${limit.maxAllowed} sites on the ${limit.plan} plan.`,
    { upgradeRequired: true, ...limit },
  );
/** Custom domains are not part of the user's plan: the same details as the site limit. */
export const customDomainsNotInPlan = (
  limit: Omit<PlanLimitDetails, 'upgradeRequired'>,
  guest: boolean,
) =>
  new AppError(
    403,
    'PLAN_LIMIT',
    guest
      ? 'Custom domains need an account on the Starter or Pro plan. Sign up, then upgrade to add your own domain.'
      : `Custom domains are not part of the ${limit.plan} plan. Upgrade to the Starter or Pro plan to use your own domain.`,
    { upgradeRequired: true, ...limit },
  );
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
/** The operators suspended this account: no sign-in, no API, no deploys. */
export const accountSuspended = (reason: string | null | undefined) =>
  new AppError(
    403,
    'ACCOUNT_SUSPENDED',
    `This account has been suspended: ${reason || 'no reason was given'}. Contact support if you think this is a mistake.`,
  );
/** The operators disabled this site: it serves a 451 page and takes no new versions. */
export const siteDisabled = (reason: string | null | undefined) =>
  new AppError(
    403,
    'SITE_DISABLED',
    `Disabled by the operators: ${reason || 'no reason was given'}. This site cannot be deployed until they enable it again.`,
  );
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const notImplemented = (message: string) => new AppError(501, 'NOT_IMPLEMENTED', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const newerVersionLive = (details: NewerVersionLiveDetails) =>
  new AppError(
    409,
    'NEWER_VERSION_LIVE',
    newerVersionLiveMessage(details.baseVersion, details.liveVersion),
    details,
  );
/** Something that existed and is over for good: a used or expired claim link. */
export const gone = (message: string) => new AppError(410, 'GONE', message);
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    message,
    { retryAfterSeconds },
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
export const serverBusy = (message: string, retryAfterSeconds: number) =>
  new AppError(
    503,
    'SERVER_BUSY',
    message,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** The account's stored deployments would pass its plan's storage quota. */
export const storageQuotaReached = (message: string, details: Record<string, unknown>) =>
  new AppError(507, 'STORAGE_QUOTA', message, details);
/** The server's blob disk is full: nothing the person did wrong, nothing half-stored. */
export const storageFull = () =>
  new AppError(
    507,
    'STORAGE_FULL',
    'The server has run out of storage space, so this deployment could not be saved. Please try again later.',
  );

/** What anyone is told when a write found the disk or the database full. */
export const DISK_FULL_MESSAGE =
  'The server has run out of storage space, so this could not be saved. Please try again later.';

/**
 * A write refused because the disk, a quota or the database is full: the file system's
 * ENOSPC/EDQUOT, SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). Nothing the person did
 * wrong, and a transaction that failed this way left nothing half-written.
 */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    code === 'SQLITE_FULL' ||
    code === '53100' ||
    (err instanceof AppError && err.code === 'STORAGE_FULL')
  );
}

/** This server has no Stripe key: nothing about plans can be bought or managed here. */
export const billingUnavailable = () =>
  new AppError(
    503,
    'BILLING_UNAVAILABLE',
    'Payments are not set up on this server yet, so plans cannot be bought or managed here.',
  );
/** Stripe refused or could not be reached: nothing was changed on our side. */
export const paymentProviderFailed = (message: string) =>
  new AppError(502, 'PAYMENT_PROVIDER_ERROR', message);
