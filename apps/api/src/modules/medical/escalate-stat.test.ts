import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { deliveries, notifications } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';
import { escalateUnassignedStats } from './escalate-stat.js';

const MINUTE = 60_000;

describe('escalating a STAT nobody was assigned to', () => {
  const clock = fixedClock(new Date());
  const t = useTestApp({ clock });
  let people: Crew;
  /** A second process: its own pool on the same PostgreSQL database (the same PGlite otherwise). */
  let second: Database | null = null;

  beforeAll(async () => {
    people = await crew(t);
    const url = (t.database as { url?: string }).url;
    if (url) second = await openDatabase({ url });
  });
  afterAll(async () => {
    await second?.close();
  });

  const services = (db = t.db) => ({ db, clock, publicUrl: 'http://courier.test' });

  it('tells MANAGER and above once, 15 minutes after approval, even when two processes sweep at the same moment', async () => {
    const approvedAt = new Date(clock.now().getTime() - 16 * MINUTE);
    const late = await deliveryIn(t, 'approved', people.CUSTOMER.id, null, { handling: { priority: 'stat', approvedAt } });
    const fresh = await deliveryIn(t, 'approved', people.CUSTOMER.id, null, {
      handling: { priority: 'stat', approvedAt: new Date(clock.now().getTime() - 5 * MINUTE) },
    });
    const routine = await deliveryIn(t, 'approved', people.CUSTOMER.id, null, { handling: { approvedAt } });

    const counts = await Promise.all([
      escalateUnassignedStats(services()),
      escalateUnassignedStats(services(second?.db ?? t.db)),
      escalateUnassignedStats(services()),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const flagged = await t.db.select().from(deliveries).where(eq(deliveries.id, late.id));
    expect(flagged[0].statEscalatedAt).not.toBeNull();
    for (const id of [fresh.id, routine.id])
      expect((await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0].statEscalatedAt).toBeNull();

    const noticeOf = (userId: string) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.deliveryId, late.id)));
    expect(await noticeOf(people.MANAGER.id)).toHaveLength(1);
    expect(await noticeOf(people.SUPER_ADMIN.id)).toHaveLength(1);
    expect(await noticeOf(people.STAFF.id)).toHaveLength(0);
    for (let before = -1; before !== t.mailer.sent.length; ) {
      before = t.mailer.sent.length;
      await t.sentEmails();
    }
    const mails = t.mailer.sent.filter((m) => m.subject === `${late.orderId}: STAT not assigned`);
    expect(mails.map((m) => m.to).sort()).toEqual([people.SUPER_ADMIN.email, people.ADMIN.email, people.MANAGER.email].sort());

    clock.advance(10 * MINUTE);
    expect(await escalateUnassignedStats(services())).toBe(1);
    expect(await escalateUnassignedStats(services())).toBe(0);
  });
});
