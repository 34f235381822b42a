import type { AppContext } from '../../context';
import {
  chatOfUser,
  claimAnswerForMail,
  countMessagesBy,
  markAnswersSeen,
  messagesOf,
  type SupportMessageWithAttachment,
} from '../../db/queries/support';
import type { SupportConversationRow, UserRow } from '../../db/schema';
import { tooManyRequests } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { addMessage, type MessageInput } from './messages';
import { newSupportReference } from './reference';

/**
 * Messages one account may send support in ten minutes: a conversation in full flow stays
 * well under it; a script pasting into the chat does not.
 */
export const CHAT_MESSAGES_PER_TEN_MINUTES = 30;
const TEN_MINUTES_MS = 10 * 60 * 1000;

/** The account's one conversation with support, started the first time they open the chat. */
export function chatOf(ctx: AppContext, user: UserRow): Promise<SupportConversationRow> {
  return chatOfUser(ctx.db, user.id, () => {
    const now = nowIso();
    return {
      id: newId(),
      kind: 'chat',
      user_id: user.id,
      reference: newSupportReference(),
      email: user.email,
      name: user.name,
      subject: null,
      inquiry_type: null,
      status: 'OPEN',
      assigned_to: null,
      operator_read_at: null,
      client_address: null,
      created_at: now,
      last_message_at: now,
    };
  });
}

/**
 * The person's conversation with every message. Reading it is seeing the operators' answers:
 * none of them is e-mailed after this.
 */
export async function openChat(
  ctx: AppContext,
  user: UserRow,
): Promise<{ conversation: SupportConversationRow; messages: SupportMessageWithAttachment[] }> {
  const conversation = await chatOf(ctx, user);
  const messages = await messagesOf(ctx.db, conversation.id);
  const now = nowIso();
  await markAnswersSeen(ctx.db, conversation.id, now, now);
  return { conversation, messages };
}

export async function sendChatMessage(
  ctx: AppContext,
  user: UserRow,
  input: MessageInput,
): Promise<SupportMessageWithAttachment> {
  if (
    (await countMessagesBy(ctx.db, user.id, nowIso(Date.now() - TEN_MINUTES_MS))) >=
    CHAT_MESSAGES_PER_TEN_MINUTES
  ) {
    throw tooManyRequests(
      'You have sent many messages in the last few minutes. Please wait a little: we read every one.',
      10 * 60,
    );
  }
  return addMessage(ctx, await chatOf(ctx, user), 'user', user, input);
}

/** The person's open screen showed the operators' answers up to `until`: none is e-mailed. */
export async function confirmAnswersSeen(
  ctx: AppContext,
  user: UserRow,
  until: string,
): Promise<void> {
  const conversation = await chatOf(ctx, user);
  await markAnswersSeen(ctx.db, conversation.id, until, nowIso());
}

/**
 * How long an operator's answer may wait for the person's open screen to confirm it before it
 * is e-mailed instead: an open screen confirms within a second; this leaves room for a slow
 * network without keeping an away person waiting.
 */
export const ANSWER_MAIL_AFTER_MS = 8_000;

/** True once for an answer no screen confirmed: the caller e-mails it. */
export function claimUnseenAnswer(ctx: AppContext, messageId: string): Promise<boolean> {
  return claimAnswerForMail(ctx.db, messageId, nowIso());
}
