import { forbidden } from '../../errors';
import { SIGN_IN_AGAIN_TO_CHANGE_EMAIL } from './messages';

/**
 * An account without a password proves it is the one asking by a fresh sign-in: refuses when
 * the session began before `since` (or its start is unknown).
 */
export function assertSignedInSince(began: string | undefined | null, since: number): void {
  if (!began || Date.parse(began) < since) throw forbidden(SIGN_IN_AGAIN_TO_CHANGE_EMAIL);
}
