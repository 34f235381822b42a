import type { AccessTokenScope } from '../../../shared/access-token';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError, accountSuspended, unauthorized } from '../../errors';
import { isAccessTokenSecret, resolveAccessToken } from '../credentials/access-tokens';
import { suspensionOfToken } from '../operations/suspension';
import { sessionForToken } from '../accounts/sessions';

/** Who a credential speaks for, or why it speaks for nobody. */
export type Asking =
  | { kind: 'nobody' }
  | { kind: 'session'; user: UserRow; sessionId: string; expiresAt: string }
  | {
      kind: 'token';
      user: UserRow;
      scope: AccessTokenScope;
      tokenId: string;
      expiresAt: string | null;
    }
  /**
   * A credential was sent and is not accepted: revoked, expired, unknown, or its account is
   * suspended. `error` says so (401, or 403 with the operator's reason for a suspension).
   */
  | { kind: 'refused'; credential: 'session' | 'token'; error: AppError };

/**
 * The one resolver of a credential, for HTTP requests, socket handshakes and MCP calls alike
 * (`tokenFrom` finds the credential; this says what it is worth). An access token speaks for
 * its user within its scope and never counts as a session.
 */
export async function whoIsAsking(db: Database, token: string | null): Promise<Asking> {
  if (!token) return { kind: 'nobody' };
  if (isAccessTokenSecret(token)) {
    try {
      const { user, scope, tokenId, expiresAt } = await resolveAccessToken(db, token);
      return { kind: 'token', user, scope, tokenId, expiresAt };
    } catch (err) {
      if (err instanceof AppError) return { kind: 'refused', credential: 'token', error: err };
      throw err;
    }
  }
  const found = await sessionForToken(db, token);
  if (found) return { kind: 'session', ...found };
  // A session ends when its account is suspended: the browser holding it is told why.
  const reason = await suspensionOfToken(db, token);
  return {
    kind: 'refused',
    credential: 'session',
    error: reason !== null ? accountSuspended(reason) : unauthorized(),
  };
}
