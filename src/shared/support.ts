import { z } from 'zod';

// Support: the contact form's tickets and the in-app chat, as the server, the web app and the
// operators' console agree on them.

export const SUPPORT_MESSAGE_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 200;
/** Screenshots only: what a browser shows inline, at most a few MB. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const ATTACHMENT_MAX_BYTES = 3 * 1024 * 1024;

export const INQUIRY_TYPES = [
  'general',
  'support',
  'billing',
  'feature',
  'partnership',
  'press',
] as const;
export const InquiryTypeSchema = z.enum(INQUIRY_TYPES);
export type InquiryType = z.infer<typeof InquiryTypeSchema>;
export const INQUIRY_LABELS: Record<InquiryType, string> = {
  general: 'General Question',
  support: 'Technical Support',
  billing: 'Billing & Plans',
  feature: 'Feature Request',
  partnership: 'Partnership',
  press: 'Press & Media',
};

const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `Please enter ${what}` })
    .trim()
    .min(min, {
      error: min > 1 ? `Please write at least ${min} characters.` : `Please enter ${what}`,
    })
    .max(max, { error: `That is too long: at most ${max} characters.` });

/** POST /api/contact: anyone, signed in or not. */
export const ContactRequestSchema = z.object({
  name: text('your name', 1, 100),
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .max(320)
    .transform((v) => v.toLowerCase())
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  type: InquiryTypeSchema.default('general'),
  subject: text('a subject', 1, CONTACT_SUBJECT_MAX),
  message: text('your message', 10, SUPPORT_MESSAGE_MAX),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;
export const ContactResponseSchema = z.object({
  /** `id` is the reference the sender is shown and quotes in later e-mails. */
  ticket: z.object({ id: z.string(), reference: z.string() }),
});
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** POST /api/support/messages and the operators' answer. */
export const SupportMessageRequestSchema = z.object({
  body: z
    .string({ error: 'Please write a message' })
    .trim()
    .max(SUPPORT_MESSAGE_MAX, {
      error: `A message can be at most ${SUPPORT_MESSAGE_MAX} characters long.`,
    })
    .default(''),
  /** A screenshot uploaded first (POST /api/support/attachments). */
  attachmentId: z.string().min(1).max(100).optional(),
});
export type SupportMessageRequest = z.input<typeof SupportMessageRequestSchema>;

export const SupportAttachmentSchema = z.object({
  id: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  size: z.number(),
  /** Where both sides fetch the picture (signed-in, checked per conversation). */
  url: z.string(),
});
export type SupportAttachment = z.infer<typeof SupportAttachmentSchema>;
export const SupportAttachmentResponseSchema = z.object({ attachment: SupportAttachmentSchema });
export type SupportAttachmentResponse = z.infer<typeof SupportAttachmentResponseSchema>;

export const SupportMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['user', 'operator']),
  body: z.string(),
  createdAt: z.string(),
  attachment: SupportAttachmentSchema.nullable(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;
export const SupportMessageResponseSchema = z.object({ message: SupportMessageSchema });
export type SupportMessageResponse = z.infer<typeof SupportMessageResponseSchema>;

export const CONVERSATION_STATUSES = ['OPEN', 'CLOSED'] as const;
export const ConversationSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  messages: z.array(SupportMessageSchema),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationResponseSchema = z.object({ conversation: ConversationSchema });
export type ConversationResponse = z.infer<typeof ConversationResponseSchema>;

/** One line of the operators' list: a user's chat or a contact-form ticket. */
export const AdminConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(['chat', 'ticket']),
  reference: z.string(),
  user: z.object({ id: z.string().nullable(), email: z.string(), name: z.string().nullable() }),
  plan: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  /** The person's messages no operator has opened yet. */
  unread: z.number(),
  assignedTo: z.object({ id: z.string(), email: z.string() }).nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type AdminConversation = z.infer<typeof AdminConversationSchema>;
export const AdminConversationsResponseSchema = z.object({
  conversations: z.array(AdminConversationSchema),
});
export type AdminConversationsResponse = z.infer<typeof AdminConversationsResponseSchema>;
export const AdminConversationResponseSchema = z.object({
  conversation: AdminConversationSchema.extend({ messages: z.array(SupportMessageSchema) }),
});
export type AdminConversationResponse = z.infer<typeof AdminConversationResponseSchema>;
export const AssignRequestSchema = z.object({
  /** null: nobody (unassign); omitted: the operator asking. */
  operatorId: z.string().min(1).max(100).nullable().optional(),
});

/** `support-update`: a message in a conversation, to its user and to the operators' desk. */
export interface SupportUpdateEvent {
  conversationId: string;
  message: SupportMessage | null;
  /** The operators' list line changed (new message, assigned, closed). */
  change: 'message' | 'assigned' | 'closed' | 'reopened' | 'read';
}

// Live chat hours, as the Contact page states them: 9 AM to 6 PM Pacific, Monday to Friday.
export const SUPPORT_TIME_ZONE = 'America/Los_Angeles';
export const SUPPORT_OPENS_HOUR = 9;
export const SUPPORT_CLOSES_HOUR = 18;

function pacificParts(at: Date): { weekday: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SUPPORT_TIME_ZONE,
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, hour: Number(get('hour')), minute: Number(get('minute')) };
}

/** Whether the chat is staffed at `at`. */
export function supportIsOpen(at: Date): boolean {
  const { weekday, hour } = pacificParts(at);
  return weekday >= 1 && weekday <= 5 && hour >= SUPPORT_OPENS_HOUR && hour < SUPPORT_CLOSES_HOUR;
}

/** When the chat is next staffed after `at` (to the minute): the first open minute found. */
export function nextSupportOpening(at: Date): Date {
  if (supportIsOpen(at)) return at;
  // Step to the next whole hour, then hour by hour: at most a weekend's worth of steps, and
  // daylight-saving changes need no arithmetic of their own.
  const t = new Date(at.getTime());
  t.setUTCMinutes(0, 0, 0);
  for (let i = 0; i < 24 * 8; i += 1) {
    t.setUTCHours(t.getUTCHours() + 1);
    if (supportIsOpen(t)) return t;
  }
  return t;
}

/** What the widget says outside the hours: "We're away until Monday 9 AM PT (…your time)". */
export function awayNotice(at: Date, locale?: string): string {
  const next = nextSupportOpening(at);
  const theirs = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }).format(next);
  return `Our team is away right now. Live chat is staffed 9 AM to 6 PM Pacific time, Monday to Friday: expect an answer from ${theirs} your time. If you leave a message, we'll e-mail you the answer.`;
}
