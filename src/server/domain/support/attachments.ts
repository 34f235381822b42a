import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  type AttachmentType,
} from '../../../shared/support';
import type { AppContext } from '../../context';
import {
  attachmentById,
  conversationById,
  countAttachmentsBy,
  insertAttachment,
} from '../../db/queries/support';
import type { SupportAttachmentRow, SupportConversationRow, UserRow } from '../../db/schema';
import {
  badRequest,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unsupportedMediaType,
} from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { releaseBlobHold, storeHeldBlob } from '../blobs';
import { assertMaySeeConversation } from '../policy';
import { sniffImageType } from '../sites/site-branding';

/** Screenshots one account may upload in ten minutes. */
export const ATTACHMENTS_PER_TEN_MINUTES = 20;
const TEN_MINUTES_MS = 10 * 60 * 1000;

/**
 * Stores a screenshot for a conversation, by its person or an operator; the message that
 * shows it names it afterwards. Only pictures a browser shows inline are taken, judged by
 * their bytes, not by what the upload claims.
 */
export async function uploadAttachment(
  ctx: AppContext,
  conversation: SupportConversationRow,
  uploader: UserRow,
  bytes: Uint8Array,
): Promise<SupportAttachmentRow> {
  // A ticket's sender has no account to open a picture with: its answers are plain e-mail.
  if (conversation.kind === 'ticket') {
    throw badRequest('Screenshots go with chats only: an answer to a ticket is sent by e-mail.');
  }
  if (bytes.byteLength === 0) throw unsupportedMediaType('The screenshot file is empty.');
  if (bytes.byteLength > ATTACHMENT_MAX_BYTES) {
    throw payloadTooLarge(
      `The screenshot is too large: ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB, and ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB is the most.`,
    );
  }
  const type = sniffImageType(bytes);
  if (!type || !(ATTACHMENT_TYPES as readonly string[]).includes(type)) {
    throw unsupportedMediaType('Attach a screenshot: a PNG, JPEG, GIF or WebP picture.');
  }
  if (
    (await countAttachmentsBy(ctx.db, uploader.id, nowIso(Date.now() - TEN_MINUTES_MS))) >=
    ATTACHMENTS_PER_TEN_MINUTES
  ) {
    throw tooManyRequests(
      'You have attached many screenshots in the last few minutes. Please wait a little.',
      10 * 60,
    );
  }
  const held = await storeHeldBlob(ctx.db, ctx.blobs, bytes);
  const row: SupportAttachmentRow = {
    id: newId(),
    conversation_id: conversation.id,
    uploaded_by: uploader.id,
    sha256: held.sha256,
    content_type: type as AttachmentType,
    size: bytes.byteLength,
    created_at: nowIso(),
  };
  await insertAttachment(ctx.db, row);
  // The attachment row names the blob now: collection leaves it alone without the hold.
  await releaseBlobHold(ctx.db, held);
  return row;
}

/** A screenshot's bytes, for its conversation's person or an operator; missing to anyone else. */
export async function attachmentToShow(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<{ type: string; bytes: Uint8Array }> {
  const attachment = await attachmentById(ctx.db, id);
  const conversation = attachment
    ? await conversationById(ctx.db, attachment.conversation_id)
    : undefined;
  assertMaySeeConversation(ctx.config, user, conversation);
  const bytes = attachment ? await ctx.blobs.get(attachment.sha256) : null;
  if (!attachment || !bytes) throw notFound('Screenshot not found');
  return { type: attachment.content_type, bytes };
}
