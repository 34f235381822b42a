import type { Config } from '../../config';
import type { SupportConversationRow, UserRow } from '../../db/schema';
import type { AccessTokenScope } from '../../../shared/access-token';
import { badRequest, notFound } from '../../errors';
import { can, isOperator } from './decide';

// A conversation is its person's and the operators': anyone else is told it is missing, so
// nobody learns another account's conversation exists.

export function maySeeConversation(
  config: Config,
  user: UserRow,
  conversation: Pick<SupportConversationRow, 'user_id'>,
): boolean {
  return conversation.user_id === user.id || isOperator(config, user);
}

export function assertMaySeeConversation(
  config: Config,
  user: UserRow,
  conversation: Pick<SupportConversationRow, 'user_id'> | undefined,
): asserts conversation is SupportConversationRow {
  if (!conversation || !maySeeConversation(config, user, conversation)) {
    throw notFound('Conversation not found');
  }
}

/** Whether a socket may hear every conversation's news: on the rule of the desk's routes. */
export function mayWatchSupportDesk(
  config: Config,
  user: UserRow,
  tokenScope: AccessTokenScope | null,
): boolean {
  return can(
    {
      user,
      operator: isOperator(config, user),
      credential: tokenScope ? { kind: 'token', scope: tokenScope } : { kind: 'session' },
    },
    'support.answer',
  );
}

/** A conversation is given only to an operator: someone who may answer it. */
export function assertMayBeAssigned(config: Config, user: UserRow | undefined): void {
  if (!user || !isOperator(config, user)) {
    throw badRequest('A conversation can only be assigned to an operator.');
  }
}
