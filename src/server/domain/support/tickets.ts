import type { InquiryType } from '../../../shared/support';
import type { AppContext } from '../../context';
import { countTicketsFromAddress, insertTicket } from '../../db/queries/support';
import type { SupportConversationRow, SupportMessageRow } from '../../db/schema';
import { tooManyRequests } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { newSupportReference } from './reference';

/**
 * Contact-form messages one client address may send in an hour, counted in the database so
 * the limit holds across nodes: a person with a problem writes once or twice; more is a
 * script using the form to send e-mail to the support inbox.
 */
export const TICKETS_PER_ADDRESS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export interface NewTicket {
  name: string;
  email: string;
  type: InquiryType;
  subject: string;
  message: string;
}

/**
 * Stores a contact-form message as a ticket (a conversation with its first message) and tells
 * the mail part, which sends it to the support inbox and acknowledges it to the sender.
 */
export async function fileContactTicket(
  ctx: AppContext,
  input: NewTicket,
  clientAddress: string,
): Promise<SupportConversationRow> {
  const now = Date.now();
  if (
    (await countTicketsFromAddress(ctx.db, clientAddress, nowIso(now - HOUR_MS))) >=
    TICKETS_PER_ADDRESS_PER_HOUR
  ) {
    throw tooManyRequests(
      'You have sent several messages in the last hour. We have them and will answer each. Please try again later.',
      60 * 60,
    );
  }
  const createdAt = nowIso(now);
  const conversation: SupportConversationRow = {
    id: newId(),
    kind: 'ticket',
    user_id: null,
    reference: newSupportReference(),
    email: input.email,
    name: input.name,
    subject: input.subject,
    inquiry_type: input.type,
    status: 'OPEN',
    assigned_to: null,
    operator_read_at: null,
    client_address: clientAddress,
    created_at: createdAt,
    last_message_at: createdAt,
  };
  const message: SupportMessageRow = {
    id: newId(),
    conversation_id: conversation.id,
    sender: 'user',
    author_id: null,
    body: input.message,
    attachment_id: null,
    seen_at: null,
    mailed_at: null,
    created_at: createdAt,
  };
  await insertTicket(ctx.db, conversation, message);
  ctx.events.emit('support.ticket-filed', { conversation, message });
  return conversation;
}
