import { INQUIRY_LABELS, type InquiryType } from '../../shared/support';
import { greeting, layout, type MailContent } from './templates';

// The support e-mails: a contact-form message to the support inbox, its acknowledgement to
// the sender, and an operator's answer to a person who was not there to see it.

export function ticketToSupportMail(input: {
  reference: string;
  name: string | null;
  email: string;
  type: InquiryType | null;
  subject: string | null;
  message: string;
  consoleUrl: string;
}): MailContent {
  const label = input.type ? INQUIRY_LABELS[input.type] : 'Message';
  const before = [
    `${input.name ?? 'A visitor'} <${input.email}> wrote through the contact form (${label}).`,
    `Subject: ${input.subject ?? '(none)'}`,
    `What they wrote:\n${input.message}`,
    `Reference: ${input.reference}. Answer from the Support tab of the console; your answer is e-mailed to them.`,
  ];
  return {
    subject: `[${input.reference}] ${label}: ${input.subject ?? ''}`.trim(),
    text: `${before.join('\n\n')}\n\nOpen the Support tab: ${input.consoleUrl}\n`,
    html: layout(before, { label: 'Open the Support tab', url: input.consoleUrl }),
  };
}

export function ticketReceivedMail(input: {
  reference: string;
  name: string | null;
  subject: string | null;
  message: string;
  contactUrl: string;
}): MailContent {
  const before = [
    greeting(input.name),
    `We have your message “${input.subject ?? ''}”. Its reference is ${input.reference}.`,
    'A person on our team answers every message within 24 hours on business days, usually much sooner. The answer comes to this address.',
    `What you wrote:\n${input.message}`,
  ];
  return {
    subject: `We have your message (${input.reference})`,
    text: `${before.join('\n\n')}\n\nArtifact Host\n`,
    html: layout(before, { label: 'Contact us again', url: input.contactUrl }),
  };
}

/** An operator's answer: to a chat's person who was away, or to a ticket's sender. */
export function supportAnswerMail(input: {
  reference: string;
  name: string | null;
  subject: string | null;
  answer: string;
  hasScreenshot: boolean;
  /** The chat, opened by this link; null for a ticket (the answer is the e-mail itself). */
  conversationUrl: string | null;
  contactUrl: string;
}): MailContent {
  const about = input.subject ? ` about “${input.subject}”` : '';
  const before = [
    greeting(input.name),
    `Our support team answered your message${about} (${input.reference}):`,
    input.answer || '(a screenshot)',
    ...(input.hasScreenshot
      ? ['The answer has a screenshot: open the conversation to see it.']
      : []),
  ];
  const action = input.conversationUrl
    ? { label: 'Open the conversation', url: input.conversationUrl }
    : { label: 'Write to us again', url: input.contactUrl };
  const tail = input.conversationUrl
    ? `Answer in the conversation: ${input.conversationUrl}`
    : `Reply from the contact page and quote ${input.reference}: ${input.contactUrl}`;
  return {
    subject: `Support answered (${input.reference})`,
    text: `${before.join('\n\n')}\n\n${tail}\n\nArtifact Host\n`,
    html: layout(before, action),
  };
}
