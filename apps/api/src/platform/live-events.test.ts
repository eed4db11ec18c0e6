import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { liveEvents } from '../db/schema/index.js';
import { openTestDatabase } from '../test/test-app.js';
import { createLiveBus, type LiveBus, type LiveEvent, publishLiveEvent } from './live-events.js';

const silent = { warn() {}, info() {} } as never;

describe('live events', () => {
  let database: Database;
  let bus: LiveBus;
  const heard: LiveEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
    bus = await createLiveBus(database, silent);
    bus.subscribe((e) => heard.push(e));
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  const waitFor = async (ready: () => boolean) => {
    for (let i = 0; i < 100 && !ready(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(ready()).toBe(true);
  };

  it('exist only when the change commits: a rolled-back one is neither stored nor heard', async () => {
    await database.db
      .transaction(async (tx) => {
        await publishLiveEvent(tx, { type: 'delivery.moved', orderId: 'MCROLLEDBACK', userIds: [] });
        throw new Error('the change failed');
      })
      .catch(() => {});
    await database.db.transaction((tx) =>
      publishLiveEvent(tx, { type: 'delivery.moved', orderId: 'MCCOMMITTED', userIds: [], staff: true }),
    );
    await waitFor(() => heard.length > 0);
    expect(heard.map((e) => e.orderId)).toEqual(['MCCOMMITTED']);
    expect(heard[0]).toMatchObject({ type: 'delivery.moved', staff: true, public: false, userIds: [] });
    expect(heard[0].createdAt).toBeInstanceOf(Date);
    const stored = await database.db.select({ orderId: liveEvents.orderId }).from(liveEvents);
    expect(stored).toEqual([{ orderId: 'MCCOMMITTED' }]);
    expect((await bus.since(0)).map((e) => e.id)).toEqual([heard[0].id]);
  });

  it('prunes events older than an hour, which a reconnect then no longer replays', async () => {
    await database.db.transaction((tx) => publishLiveEvent(tx, { type: 'notification.created', userIds: ['u1'] }));
    await database.db.execute(sql`update live_events set created_at = now() - interval '61 minutes' where type = 'delivery.moved'`);
    await bus.prune();
    const left = await database.db.select({ type: liveEvents.type }).from(liveEvents);
    expect(left).toEqual([{ type: 'notification.created' }]);
    expect((await bus.since(0)).map((e) => e.type)).toEqual(['notification.created']);
  });
});
