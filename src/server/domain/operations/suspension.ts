import { suspendedOwnerOfSession } from '../../db/queries/operations';
import type { Database } from '../../db/database';
import { hashToken } from '../../lib/tokens';

/**
 * Why a token no longer works when its account is suspended (its session ended at the
 * suspension), so the browser holding it is told so; null for any other token.
 */
export async function suspensionOfToken(db: Database, token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const owner = await suspendedOwnerOfSession(db, hashToken(token));
  return owner ? (owner.suspended_reason ?? '') : null;
}
