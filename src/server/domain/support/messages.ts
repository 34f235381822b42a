import type { AppContext } from '../../context';
import {
  attachmentById,
  attachmentInUse,
  insertMessage,
  type SupportMessageWithAttachment,
} from '../../db/queries/support';
import type { SupportConversationRow, UserRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { newId, nowIso } from '../../lib/ids';

export interface MessageInput {
  body: string;
  attachmentId?: string | undefined;
}

/**
 * Adds a message to a conversation, by its person or by an operator, and tells the others.
 * A screenshot must have been uploaded to this conversation by the same person, and goes with
 * one message only.
 */
export async function addMessage(
  ctx: AppContext,
  conversation: SupportConversationRow,
  sender: 'user' | 'operator',
  author: UserRow,
  input: MessageInput,
): Promise<SupportMessageWithAttachment> {
  const body = input.body.trim();
  const attachment = input.attachmentId
    ? await attachmentById(ctx.db, input.attachmentId)
    : undefined;
  if (input.attachmentId) {
    if (
      !attachment ||
      attachment.conversation_id !== conversation.id ||
      attachment.uploaded_by !== author.id
    ) {
      throw badRequest('That screenshot was not found. Please attach it again.');
    }
    if (await attachmentInUse(ctx.db, attachment.id)) {
      throw badRequest('That screenshot was sent already. Please attach it again.');
    }
  }
  if (!body && !attachment) throw badRequest('Please write a message or attach a screenshot.');
  const message: SupportMessageWithAttachment = {
    id: newId(),
    conversation_id: conversation.id,
    sender,
    author_id: author.id,
    body,
    attachment_id: attachment?.id ?? null,
    seen_at: null,
    mailed_at: null,
    created_at: nowIso(),
    attachment: attachment ?? null,
  };
  const { attachment: _shown, ...row } = message;
  // The person writing again opens a closed conversation; an operator's answer leaves it be.
  await insertMessage(ctx.db, row, sender === 'user');
  const now: SupportConversationRow = {
    ...conversation,
    last_message_at: message.created_at,
    status: sender === 'user' ? 'OPEN' : conversation.status,
  };
  ctx.events.emit('support.message-sent', { conversation: now, message });
  return message;
}
