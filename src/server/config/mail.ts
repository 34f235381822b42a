import { z } from 'zod';

// E-mail (password reset, plan and payment notices, abuse reports, support): off while SMTP_URL is unset.

export interface MailConfig {
  /** null: nothing is sent; development and tests log each message instead. */
  smtpUrl: string | null;
  from: string;
  /** Where each abuse report filed on /report is sent, when e-mail is configured. */
  abuseTo: string | null;
  /** Where each contact-form message is sent, when e-mail is configured. */
  supportTo: string | null;
}

export const MAIL_VARIABLES = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ABUSE_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
};

type MailVariables = z.infer<z.ZodObject<typeof MAIL_VARIABLES>>;

export function mailConfig(e: MailVariables, appOrigin: string): MailConfig {
  return {
    smtpUrl: e.SMTP_URL ?? null,
    from: e.MAIL_FROM ?? `Artifact Host <no-reply@${new URL(appOrigin).hostname}>`,
    abuseTo: e.ABUSE_EMAIL ?? null,
    supportTo: e.SUPPORT_EMAIL ?? null,
  };
}
