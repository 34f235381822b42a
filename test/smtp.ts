import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from './wait';

export interface TestSmtp {
  /** For SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** The first message to `to` (after `skip` of them) once it has arrived. */
  waitForMail(to: string, skip?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

/** A local SMTP server that keeps every message it is given, parsed. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail: (to, skip = 0) =>
      waitUntil(() => messages.filter((m) => recipients(m).includes(to.toLowerCase()))[skip], {
        what: `an e-mail to ${to}`,
        timeoutMs: 15_000,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link's token from an e-mail's text. */
export function resetTokenOf(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([\w%-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}
