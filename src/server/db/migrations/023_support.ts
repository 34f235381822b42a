import type { Kysely } from 'kysely';

// Support (domain/support/): one chat conversation per account, and a conversation per
// contact-form ticket (no account: the sender's name and address instead); every message
// kept; screenshots as blobs, referenced from their attachment row so collection keeps them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Unique: one chat per account. Tickets have none (NULLs never collide in either database).
    .addColumn('user_id', 'text', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('subject', 'text')
    .addColumn('inquiry_type', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('assigned_to', 'text')
    .addColumn('operator_read_at', 'text')
    .addColumn('client_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_conversations_last_message')
    .on('support_conversations')
    .column('last_message_at')
    .execute();

  await db.schema
    .createTable('support_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('support_conversations.id').onDelete('cascade'),
    )
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_attachments_sha256')
    .on('support_attachments')
    .column('sha256')
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('support_conversations.id').onDelete('cascade'),
    )
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachment_id', 'text', (c) =>
      c.references('support_attachments.id').onDelete('set null'),
    )
    // An operator's answer: when the person's open screen confirmed it arrived, or when it
    // was e-mailed instead.
    .addColumn('seen_at', 'text')
    .addColumn('mailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_messages_conversation_created')
    .on('support_messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_messages').ifExists().execute();
  await db.schema.dropTable('support_attachments').ifExists().execute();
  await db.schema.dropTable('support_conversations').ifExists().execute();
}
