import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { notifications, optins, outboxMessages } from '../../db/schema/index.js';
import { createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { backoffMs, enqueueEmail, enqueueSms } from '../../platform/outbox.js';
import { openTestDatabase, testEnv } from '../../test/test-app.js';
import { startFakeSmsProvider, TWILIO_TEST_ENV } from './messages-test-kit.js';
import { FAILED_MESSAGE_TITLE } from './tell-admins-of-failed-message.js';

/** A real SMTP server on loopback: 550 for addresses at nowhere.test, 451 (try later) for busy.test, else accepted. */
async function startRefusingSmtp() {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (address.address.endsWith('@nowhere.test')) {
        const err = Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 });
        return callback(err);
      }
      if (address.address.endsWith('@busy.test')) {
        return callback(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 451 }));
      }
      accepted.push(address.address);
      callback();
    },
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, accepted, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('messages refused for good', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
  let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let env: ReturnType<typeof testEnv>;
  let adminIds: string[];
  let staffId: string;

  beforeAll(async () => {
    smtp = await startRefusingSmtp();
    sms = await startFakeSmsProvider();
    env = testEnv({ SMTP_URL: smtp.url, ...TWILIO_TEST_ENV, TWILIO_API_URL: sms.url });
    database = await openTestDatabase();
    app = await buildApp({ env, database, clock, logger: false, runOutbox: false });
    await app.ready();
    const admin = await createUser(database.db, { role: 'ADMIN' });
    const superAdmin = await createUser(database.db, { role: 'SUPER_ADMIN' });
    staffId = (await createUser(database.db, { role: 'STAFF' })).user.id;
    adminIds = [admin.user.id, superAdmin.user.id];
    // Both numbers agreed to SMS, so consent is not what stops them.
    const consent = {
      consentSms: true,
      consentEmail: false,
      consentMarketing: false,
      source: 'page' as const,
      consentText: 'Yes',
      consentedAt: clock.now(),
    };
    await database.db.insert(optins).values([
      { phone: '+15005550001', ...consent },
      { phone: '+16175550177', ...consent },
    ]);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
    await sms.close();
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  const rowOf = async (recipient: string) =>
    (await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)))[0];
  const noticesAbout = async (userId: string, words: string) =>
    (
      await database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.title, FAILED_MESSAGE_TITLE)))
    ).filter((n) => n.message.includes(words));

  it('fails an e-mail at once on an SMTP 5xx and tells each administrator in the bell', async () => {
    await database.db.transaction((tx) =>
      enqueueEmail(tx, { to: 'ghost@nowhere.test', subject: 'Your parcel is on its way', text: 'x' }, clock.now()),
    );
    await app.services.outbox.drain();
    const row = await rowOf('ghost@nowhere.test');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/550/);
    for (const id of adminIds) {
      const [notice] = await noticesAbout(id, 'ghost@nowhere.test');
      expect(notice.message).toContain('“Your parcel is on its way”');
      expect(notice.message).toMatch(/failed for good: .*550/);
    }
    expect(await noticesAbout(staffId, 'ghost@nowhere.test')).toEqual([]);
  });

  it('retries an SMTP 4xx as before, without a notice', async () => {
    await database.db.transaction((tx) => enqueueEmail(tx, { to: 'later@busy.test', subject: 'Later', text: 'x' }, clock.now()));
    await app.services.outbox.drain();
    expect(await rowOf('later@busy.test')).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await noticesAbout(adminIds[0], 'later@busy.test')).toEqual([]);
  });

  it('fails an SMS at once on the provider’s permanent error, and retries one it is only down for', async () => {
    sms.state.refuse = true;
    await database.db.transaction((tx) => enqueueSms(tx, '+15005550001', 'Picked up', clock.now()));
    await app.services.outbox.drain();
    const refused = await rowOf('+15005550001');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.lastError).toBe("Twilio answered 400: The 'To' number is not a valid phone number. (21211)");
    expect(await noticesAbout(adminIds[1], '+15005550001')).toHaveLength(1);

    sms.state.refuse = false;
    sms.state.down = true;
    await database.db.transaction((tx) => enqueueSms(tx, '+16175550177', 'Delivered', clock.now()));
    clock.advance(backoffMs(8));
    await app.services.outbox.drain();
    expect(await rowOf('+16175550177')).toMatchObject({ status: 'pending', attempts: 1 });
    sms.state.down = false;
  });
});
