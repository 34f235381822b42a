import type { SessionInfo } from '../../shared/account';
import { deviceLabel } from '../domain/accounts/devices';
import type { LiveSession } from '../domain/accounts/sessions';

/** A signed-in browser or device as the Sessions list shows it; `current` marks the asker's own. */
export function presentSession(row: LiveSession, currentSessionId: string | null): SessionInfo {
  return {
    id: row.id,
    device: deviceLabel(row.user_agent),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    current: row.id === currentSessionId,
  };
}
