import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { confirmEmailFirst } from './messages';

// An address typed at sign-up proves nothing until a link sent to it is opened (or a provider
// vouches for it). Until then an account keeps what ends with the session and is refused what
// lasts or costs: paying, custom domains, access tokens and stored AI keys, whose receipts and
// notices go to that address. This is the one check.

/** Refuses, with how to fix it, what an account may do only with a proven address. */
export function assertEmailVerified(user: Pick<UserRow, 'email' | 'email_verified'>): void {
  if (user.email_verified !== 1) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', confirmEmailFirst(user.email));
  }
}
