import type {
  AdminConversation,
  AttachmentType,
  SupportAttachment,
  SupportMessage,
} from '../../shared/support';
import type { DeskConversationRow, SupportMessageWithAttachment } from '../db/queries/support';
import type { SupportAttachmentRow } from '../db/schema';

export function presentAttachment(row: SupportAttachmentRow): SupportAttachment {
  return {
    id: row.id,
    type: row.content_type as AttachmentType,
    size: row.size,
    url: `/api/support/attachments/${row.id}`,
  };
}

/** A message as both sides see it: who wrote it is 'user' or 'operator', never which operator. */
export function presentSupportMessage(row: SupportMessageWithAttachment): SupportMessage {
  return {
    id: row.id,
    from: row.sender,
    body: row.body,
    createdAt: row.created_at,
    attachment: row.attachment ? presentAttachment(row.attachment) : null,
  };
}

export function presentDeskConversation(row: DeskConversationRow): AdminConversation {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    user: {
      id: row.user_id,
      email: row.user_email ?? row.email,
      name: row.user_name ?? row.name,
    },
    plan: row.user_plan,
    subject: row.subject,
    status: row.status,
    unread: row.unread,
    assignedTo:
      row.assigned_to && row.assignee_email
        ? { id: row.assigned_to, email: row.assignee_email }
        : null,
    lastMessageAt: row.last_message_at,
    createdAt: row.created_at,
  };
}
