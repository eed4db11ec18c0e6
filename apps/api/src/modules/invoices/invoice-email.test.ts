import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { createMailer } from '../../platform/mailer.js';
import { backoffMs } from '../../platform/outbox.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText } from '../deliveries/delivery-test-kit.js';
import { clinic, newRateCard, signedIn } from './invoice-test-kit.js';

/** Monday 2026-03-02, 10:00 in New York: February is the month to bill. */
const NOW = '2026-03-02T15:00:00Z';

/** A real SMTP server on loopback that keeps each message's raw source. */
async function startSmtp() {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('latin1'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The parts of a multipart MIME message: their headers (lower-cased names, unfolded) and their raw bodies. */
function mimeParts(raw: string): { headers: Record<string, string>; body: string }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  const parts: { headers: Record<string, string>; body: string }[] = [];
  for (const boundary of boundaries) {
    for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
      const [head, ...rest] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const headers: Record<string, string> = {};
      for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      parts.push({ headers, body: rest.join('\n\n') });
    }
  }
  return parts;
}

describe('the issued invoice e-mail', () => {
  const clock = fixedClock(NOW);
  const t = useTestApp({ clock, env: { INVOICE_REMIT_TO: 'MedCourier LLC|PO Box 1234, Boston, MA 02115' } });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('carries the invoice PDF (its number in it) from the issuing transaction, through a retry, and over real SMTP', async () => {
    clock.set(NOW);
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const harbor = await clinic(t, card, 'Attached Clinic');
    await harbor.deliver('2026-02-03T15:00:00Z', {}, 'PO-7781');
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invoices/run',
      headers: admin.headers,
      payload: { from: '2026-02-01', to: '2026-02-28' },
    });
    const draft = run.json().data.invoices.find((i: { accountName: string }) => i.accountName === 'Attached Clinic');

    // The SMTP server is down at first: the message waits in the outbox with its PDF, and the retry sends the same file.
    t.mailer.failNext = 1;
    const issued = await t.app.inject({ method: 'POST', url: `/api/v1/admin/invoices/${draft._id}/issue`, headers: admin.headers });
    expect(issued.statusCode).toBe(200);
    const { number } = issued.json().data as { number: string };
    expect(number).toMatch(/^INV-2026-\d{6}$/);
    const billing = 'billing@attachedclinic.test';
    const [queued] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, billing));
    expect(queued.attachments).toEqual([{ filename: `${number}.pdf`, contentType: 'application/pdf', contentBase64: expect.any(String) }]);
    expect((await t.sentEmails()).filter((m) => m.to === billing)).toEqual([]);
    clock.set(new Date(Date.parse(NOW) + backoffMs(1) + 1000).toISOString());
    const [mail] = (await t.sentEmails()).filter((m) => m.to === billing);
    expect(mail.subject).toBe(`Invoice ${number} from MedCourier`);
    expect(mail.text).toContain('attached as a PDF');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments ?? [];
    expect(attachment).toMatchObject({ filename: `${number}.pdf`, contentType: 'application/pdf' });
    expect(attachment.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(attachment.content);
    expect(text).toContain(number);
    expect(text).toContain('Attached Clinic');
    // The attached bill is the one the invoice page serves.
    const served = await t.app.inject({ url: `/api/v1/admin/invoices/${draft._id}/pdf`, headers: admin.headers });
    expect(pdfText(served.rawPayload)).toBe(text);
    // Once sent, the outbox keeps no copy of the document.
    const [after] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, queued.id));
    expect(after).toMatchObject({ status: 'sent', attachments: null });

    // The SMTP sender writes it as a MIME attachment a mail client opens.
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'billing@medcourier.test', log: t.app.log });
    try {
      await mailer.send(mail);
    } finally {
      mailer.close();
    }
    const raw = smtp.messages.at(-1) ?? '';
    const pdfPart = mimeParts(raw).find((p) => (p.headers['content-type'] ?? '').startsWith('application/pdf'));
    expect(pdfPart, raw.slice(0, 2000)).toBeDefined();
    expect(pdfPart?.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="?${number}\\.pdf"?$`));
    expect(pdfPart?.headers['content-transfer-encoding']).toBe('base64');
    const sent = Buffer.from((pdfPart?.body ?? '').replace(/\s+/g, ''), 'base64');
    expect(sent.equals(attachment.content)).toBe(true);
    expect(pdfText(sent)).toContain(number);
  });
});
