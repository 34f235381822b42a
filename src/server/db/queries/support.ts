import { sql } from 'kysely';
import type { Database } from '../database';
import type { SupportAttachmentRow, SupportConversationRow, SupportMessageRow } from '../schema';

export type SupportMessageWithAttachment = SupportMessageRow & {
  attachment: SupportAttachmentRow | null;
};

/** A line of the operators' list: the conversation, its account's plan and its unread count. */
export type DeskConversationRow = SupportConversationRow & {
  user_plan: string | null;
  user_email: string | null;
  user_name: string | null;
  assignee_email: string | null;
  unread: number;
};

/** A contact-form ticket and its message, together or not at all. */
export async function insertTicket(
  db: Database,
  conversation: SupportConversationRow,
  message: SupportMessageRow,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('support_conversations').values(conversation).execute();
    await trx.insertInto('support_messages').values(message).execute();
  });
}

/**
 * The account's chat, created when missing. Two first messages at once both insert; the
 * unique user_id keeps one and the other reads it.
 */
export async function chatOfUser(
  db: Database,
  userId: string,
  create: () => SupportConversationRow,
): Promise<SupportConversationRow> {
  const found = await db
    .selectFrom('support_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (found) return found;
  const row = create();
  await db
    .insertInto('support_conversations')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function conversationById(
  db: Database,
  id: string,
): Promise<SupportConversationRow | undefined> {
  return db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Tickets one client address sent since `since`: the limit holds on every node alike. */
export async function countTicketsFromAddress(
  db: Database,
  address: string,
  since: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('support_conversations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', 'ticket')
    .where('client_address', '=', address)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Messages one account wrote since `since`, in its own conversation. */
export async function countMessagesBy(
  db: Database,
  authorId: string,
  since: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('author_id', '=', authorId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Stores a message and moves its conversation's clock; a person writing into a closed
 * conversation opens it again, so it is back on the operators' list.
 */
export async function insertMessage(
  db: Database,
  row: SupportMessageRow,
  reopen: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('support_messages').values(row).execute();
    await trx
      .updateTable('support_conversations')
      .set({ last_message_at: row.created_at, ...(reopen ? { status: 'OPEN' as const } : {}) })
      .where('id', '=', row.conversation_id)
      .execute();
  });
}

/** Every message of the conversation, oldest first, each with its screenshot. */
export async function messagesOf(
  db: Database,
  conversationId: string,
): Promise<SupportMessageWithAttachment[]> {
  const [messages, attachments] = await Promise.all([
    db
      .selectFrom('support_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('support_attachments')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .execute(),
  ]);
  const byId = new Map(attachments.map((a) => [a.id, a]));
  return messages.map((m) => ({
    ...m,
    attachment: m.attachment_id ? (byId.get(m.attachment_id) ?? null) : null,
  }));
}

export function messageById(db: Database, id: string): Promise<SupportMessageRow | undefined> {
  return db.selectFrom('support_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The operators' list: every conversation with its unread count, most recent first. */
export async function deskConversations(
  db: Database,
  filter: { id?: string } = {},
  limit = 300,
): Promise<DeskConversationRow[]> {
  let query = db
    .selectFrom('support_conversations as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as a', 'a.id', 'c.assigned_to')
    .selectAll('c')
    .select([
      'u.plan as user_plan',
      'u.email as user_email',
      'u.name as user_name',
      'a.email as assignee_email',
    ])
    .select((eb) =>
      eb
        .selectFrom('support_messages as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.sender', '=', 'user')
        .where(
          'm.created_at',
          '>',
          eb.fn.coalesce('c.operator_read_at', sql.lit('')).$castTo<string>(),
        )
        .as('unread'),
    )
    // A chat opened but never written in is nobody's question yet.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('support_messages as any_m')
          .select(sql.lit(1).as('one'))
          .whereRef('any_m.conversation_id', '=', 'c.id'),
      ),
    )
    .orderBy('c.last_message_at', 'desc')
    .limit(limit);
  if (filter.id) query = query.where('c.id', '=', filter.id);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, unread: Number(r.unread ?? 0) }));
}

export async function deskConversation(
  db: Database,
  id: string,
): Promise<DeskConversationRow | undefined> {
  const [row] = await deskConversations(db, { id }, 1);
  return row;
}

export async function updateConversation(
  db: Database,
  id: string,
  set: Partial<Pick<SupportConversationRow, 'status' | 'assigned_to' | 'operator_read_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('support_conversations')
    .set(set)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The person's open screen confirmed the operators' answers up to `until`. */
export async function markAnswersSeen(
  db: Database,
  conversationId: string,
  until: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('support_messages')
    .set({ seen_at: now })
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', 'operator')
    .where('seen_at', 'is', null)
    .where('created_at', '<=', until)
    .execute();
}

/**
 * Claims an answer for e-mail: true once, and only while no screen has confirmed it, so an
 * answer is either seen live or mailed, never mailed twice.
 */
export async function claimAnswerForMail(db: Database, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('support_messages')
    .set({ mailed_at: now })
    .where('id', '=', id)
    .where('seen_at', 'is', null)
    .where('mailed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAttachment(db: Database, row: SupportAttachmentRow): Promise<void> {
  await db.insertInto('support_attachments').values(row).execute();
}

export function attachmentById(
  db: Database,
  id: string,
): Promise<SupportAttachmentRow | undefined> {
  return db.selectFrom('support_attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a message uses the attachment already (each screenshot goes with one message). */
export async function attachmentInUse(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('support_messages')
    .select('id')
    .where('attachment_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Screenshots one account uploaded since `since`. */
export async function countAttachmentsBy(
  db: Database,
  uploaderId: string,
  since: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('support_attachments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('uploaded_by', '=', uploaderId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}
