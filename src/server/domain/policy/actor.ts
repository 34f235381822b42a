import type { AccessTokenScope } from '../../../shared/access-token';
import type { UserRow } from '../../db/schema';

/** How the person asking proved who they are. */
export type Credential = { kind: 'session' } | { kind: 'token'; scope: AccessTokenScope };

/**
 * Who is asking. A guest is a user row marked as one; an operator is an account whose plan is
 * ADMIN (`operator` is worked out where the configuration is at hand, see `isOperator`).
 * `credential` is left out by domain functions: the door (HTTP, the socket handshake, MCP) has
 * judged the credential already, and they ask only about the person.
 */
export interface Actor {
  user: UserRow;
  credential?: Credential;
  operator?: boolean;
}

/** Domain functions hold a user row; routes and tools hold a whole actor. Both may ask. */
export type Asker = Actor | UserRow;

export function actorOf(asker: Asker): Actor {
  return 'user' in asker ? asker : { user: asker };
}
