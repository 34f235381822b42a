import type { AppContext } from '../context';
import { ANSWER_MAIL_AFTER_MS, claimUnseenAnswer } from '../domain/support/chat';
import type { AppEvents } from '../events';
import {
  supportAnswerMail,
  ticketReceivedMail,
  ticketToSupportMail,
} from '../mailer/support-templates';

/**
 * The support e-mails, `onOwn` like every mail listener: a contact-form ticket goes to
 * SUPPORT_EMAIL and is acknowledged to its sender; an operator's answer goes by e-mail to a
 * ticket's sender at once, and to a chat's person when no open screen of theirs confirmed it
 * within ANSWER_MAIL_AFTER_MS. The claim in the database makes it one or the other, once.
 */
export function listenForSupportMail(ctx: AppContext): Array<() => void> {
  const timers = new Set<NodeJS.Timeout>();
  const contactUrl = `${ctx.config.appOrigin}/contact`;
  const failed = (what: string) => (err: unknown) =>
    ctx.log.error({ err }, `the support ${what} e-mail failed`);

  const mailAnswer = async ({ conversation, message }: AppEvents['support.message-sent']) => {
    if (!(await claimUnseenAnswer(ctx, message.id))) return;
    await ctx.mailer.send({
      to: conversation.email,
      ...supportAnswerMail({
        reference: conversation.reference,
        name: conversation.name,
        subject: conversation.subject,
        answer: message.body,
        hasScreenshot: message.attachment !== null,
        conversationUrl:
          conversation.kind === 'chat' ? `${ctx.config.appOrigin}/dashboard?support=open` : null,
        contactUrl,
      }),
    });
  };

  const offs = [
    ctx.events.onOwn('support.ticket-filed', ({ conversation, message }) => {
      const supportTo = ctx.config.mail.supportTo;
      if (supportTo) {
        ctx.mailer
          .send({
            to: supportTo,
            ...ticketToSupportMail({
              reference: conversation.reference,
              name: conversation.name,
              email: conversation.email,
              type: conversation.inquiry_type,
              subject: conversation.subject,
              message: message.body,
              consoleUrl: `${ctx.config.appOrigin}/admin?tab=support`,
            }),
          })
          .catch(failed('ticket'));
      }
      ctx.mailer
        .send({
          to: conversation.email,
          ...ticketReceivedMail({
            reference: conversation.reference,
            name: conversation.name,
            subject: conversation.subject,
            message: message.body,
            contactUrl,
          }),
        })
        .catch(failed('acknowledgement'));
    }),
    ctx.events.onOwn('support.message-sent', (e) => {
      if (e.message.sender !== 'operator') return;
      if (e.conversation.kind === 'ticket') {
        mailAnswer(e).catch(failed('answer'));
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        mailAnswer(e).catch(failed('answer'));
      }, ANSWER_MAIL_AFTER_MS);
      timer.unref();
      timers.add(timer);
    }),
  ];
  return [
    ...offs,
    () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  ];
}
