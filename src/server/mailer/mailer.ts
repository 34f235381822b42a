import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves true once the SMTP server took it; false when it was not sent. Never throws. */
  send(message: MailMessage): Promise<boolean>;
  close(): void;
}

/**
 * Sends through SMTP_URL. Without it, development and tests write each whole message to the
 * log so a reset link can be followed locally; production only says that a message was lost,
 * since a reset link in a shared log would let its readers into the account.
 */
export function createMailer(config: Config, log: Logger): Mailer {
  const { smtpUrl, from } = config.mail;
  if (!smtpUrl) {
    if (config.env === 'production') {
      log.warn('SMTP_URL is not set: e-mail is off (password resets and notices are not sent)');
    }
    return {
      async send(message) {
        if (config.env === 'production') {
          log.warn(
            { to: message.to, subject: message.subject },
            'e-mail is off (SMTP_URL unset): this message was not sent',
          );
        } else {
          const text = message.text.replace(/\s*\n\s*/g, ' | ');
          log.info(
            { mail: { to: message.to, subject: message.subject } },
            `e-mail (SMTP_URL unset, not sent) to ${message.to}: "${message.subject}": ${text}`,
          );
        }
        return false;
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
        log.info({ mail: { to: message.to, subject: message.subject } }, 'e-mail sent');
        return true;
      } catch (err) {
        log.error({ err, mail: { to: message.to, subject: message.subject } }, 'e-mail failed');
        return false;
      }
    },
    close() {
      transport.close();
    },
  };
}
