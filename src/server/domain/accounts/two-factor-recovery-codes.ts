import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../shared/two-factor';
import { newId } from '../../lib/ids';
import { hashToken } from '../../lib/tokens';

// Recovery codes stand in for a lost second factor: each opens one sign-in, and only their
// hashes are kept.

// Ten lower-case letters and digits (no 0, 1, l, o to misread), shown as xxxxx-xxxxx: about 50
// bits each, only ever tried online behind the throttle.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function hashRecoveryCode(compact: string): string {
  return hashToken(`recovery:${compact.toLowerCase()}`);
}

export function recoveryRows(userId: string, codes: string[], at: string) {
  return codes.map((c) => ({
    id: newId(),
    user_id: userId,
    code_hash: hashRecoveryCode(c.replace(/-/g, '')),
    used_at: null,
    created_at: at,
  }));
}
