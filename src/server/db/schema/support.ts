import type { Selectable } from 'kysely';
import type { AttachmentType, InquiryType } from '../../../shared/support';

// Support (migration 023): conversations (an account's chat, or a contact-form ticket),
// their messages, and the screenshots attached to them.

export interface SupportConversationsTable {
  id: string;
  kind: 'chat' | 'ticket';
  /** The account whose chat this is; null for a ticket. */
  user_id: string | null;
  /** What the person is shown and quotes ("S-7F3K9QXA"). */
  reference: string;
  /** Where answers go by e-mail: the account's address, or the ticket sender's. */
  email: string;
  name: string | null;
  subject: string | null;
  inquiry_type: InquiryType | null;
  status: 'OPEN' | 'CLOSED';
  /** The operator who took it (user id); null: anyone. */
  assigned_to: string | null;
  /** When an operator last opened it: the person's messages since are unread. */
  operator_read_at: string | null;
  /** A ticket's client address, for the per-address limit. */
  client_address: string | null;
  created_at: string;
  last_message_at: string;
}
export type SupportConversationRow = Selectable<SupportConversationsTable>;

export interface SupportMessagesTable {
  id: string;
  conversation_id: string;
  sender: 'user' | 'operator';
  /** The account that wrote it: the user, or the operator; null for a ticket's sender. */
  author_id: string | null;
  body: string;
  attachment_id: string | null;
  seen_at: string | null;
  mailed_at: string | null;
  created_at: string;
}
export type SupportMessageRow = Selectable<SupportMessagesTable>;

export interface SupportAttachmentsTable {
  id: string;
  conversation_id: string;
  uploaded_by: string;
  sha256: string;
  content_type: AttachmentType;
  size: number;
  created_at: string;
}
export type SupportAttachmentRow = Selectable<SupportAttachmentsTable>;
