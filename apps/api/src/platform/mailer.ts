import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with an e-mail (an invoice's PDF). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Recipient e-mails: sent with List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 one-click). */
  listUnsubscribe?: string | null;
  attachments?: readonly EmailAttachment[] | null;
}

/** The unsubscribe headers of a message that has an unsubscribe URL. */
export const unsubscribeHeaders = (m: OutgoingEmail): Record<string, string> | undefined =>
  m.listUnsubscribe ? { 'List-Unsubscribe': `<${m.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;

export interface Mailer {
  kind: 'smtp' | 'local';
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise the message stays in the outbox table and its links are logged. */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      kind: 'local',
      send: async (m) => {
        const links = m.text.match(/https?:\/\/\S+/g) ?? [];
        const attachments = m.attachments?.map((a) => a.filename);
        opts.log.info({ to: m.to, subject: m.subject, links, attachments }, 'e-mail kept in the local outbox');
      },
      close: () => {},
    };
  }
  const { smtpUrl } = opts;
  // nodemailer loads with the first message, not with the server.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl, { from: opts.from })));
  return {
    kind: 'smtp',
    send: async (m) => {
      await (await connect()).sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        headers: unsubscribeHeaders(m),
        attachments: m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
    },
    close: () => {
      void transport?.then((t) => t.close());
    },
  };
}
