import type { AppContext } from '../../context';
import {
  conversationById,
  deskConversation,
  deskConversations,
  messagesOf,
  updateConversation,
  type DeskConversationRow,
  type SupportMessageWithAttachment,
} from '../../db/queries/support';
import { userById } from '../../db/queries/users';
import type { SupportConversationRow, UserRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { nowIso } from '../../lib/ids';
import { assertMayBeAssigned } from '../policy';
import { addMessage, type MessageInput } from './messages';

// The operators' side of support. Every function here is for operators: the routes refuse
// anyone else before calling (policy action 'support.answer').

/** Paying customers are answered first: Pro, then Starter, then everyone else. */
const PLAN_ORDER: Record<string, number> = { PRO: 0, STARTER: 1 };

/**
 * The operators' list: open conversations before closed ones, paying plans first among the
 * open, then the most recent message first.
 */
export async function deskList(ctx: AppContext): Promise<DeskConversationRow[]> {
  const rows = await deskConversations(ctx.db);
  const rank = (r: DeskConversationRow) => PLAN_ORDER[r.user_plan ?? ''] ?? 2;
  return rows.sort(
    (a, b) =>
      Number(a.status === 'CLOSED') - Number(b.status === 'CLOSED') ||
      rank(a) - rank(b) ||
      b.last_message_at.localeCompare(a.last_message_at),
  );
}

export async function conversationForOperator(
  ctx: AppContext,
  id: string,
): Promise<SupportConversationRow> {
  const conversation = await conversationById(ctx.db, id);
  if (!conversation) throw notFound('Conversation not found');
  return conversation;
}

async function line(ctx: AppContext, id: string): Promise<DeskConversationRow> {
  const row = await deskConversation(ctx.db, id);
  if (!row) throw notFound('Conversation not found');
  return row;
}

/** One conversation with every message; an operator opening it has read it. */
export async function openForOperator(
  ctx: AppContext,
  id: string,
): Promise<{ conversation: DeskConversationRow; messages: SupportMessageWithAttachment[] }> {
  const conversation = await conversationForOperator(ctx, id);
  await updateConversation(ctx.db, id, { operator_read_at: nowIso() });
  ctx.events.emit('support.conversation-changed', { conversation, change: 'read' });
  return { conversation: await line(ctx, id), messages: await messagesOf(ctx.db, id) };
}

export async function answer(
  ctx: AppContext,
  operator: UserRow,
  id: string,
  input: MessageInput,
): Promise<SupportMessageWithAttachment> {
  const conversation = await conversationForOperator(ctx, id);
  const message = await addMessage(ctx, conversation, 'operator', operator, input);
  // Answering is reading: what the person wrote before is not unread any more.
  await updateConversation(ctx.db, id, { operator_read_at: message.created_at });
  return message;
}

/** Gives the conversation to an operator (the one asking, unless another is named) or nobody. */
export async function assign(
  ctx: AppContext,
  operator: UserRow,
  id: string,
  operatorId: string | null | undefined,
): Promise<DeskConversationRow> {
  const conversation = await conversationForOperator(ctx, id);
  const to = operatorId === undefined ? operator.id : operatorId;
  if (to !== null && to !== operator.id) {
    assertMayBeAssigned(ctx.config, await userById(ctx.db, to));
  }
  await updateConversation(ctx.db, id, { assigned_to: to });
  ctx.events.emit('support.conversation-changed', {
    conversation: { ...conversation, assigned_to: to },
    change: 'assigned',
  });
  return line(ctx, id);
}

export async function setStatus(
  ctx: AppContext,
  id: string,
  status: 'OPEN' | 'CLOSED',
): Promise<DeskConversationRow> {
  const conversation = await conversationForOperator(ctx, id);
  if (conversation.status === status) {
    throw conflict(
      status === 'CLOSED'
        ? 'This conversation is closed already.'
        : 'This conversation is open already.',
    );
  }
  await updateConversation(ctx.db, id, { status });
  ctx.events.emit('support.conversation-changed', {
    conversation: { ...conversation, status },
    change: status === 'CLOSED' ? 'closed' : 'reopened',
  });
  return line(ctx, id);
}
