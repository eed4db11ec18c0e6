import { ZNotificationListResponse } from '@courier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { NOTIFICATION_LIST_CAP } from './notifications.queries.js';
import { notifyCustomer } from './notify-customer.js';

type User = Awaited<ReturnType<typeof createUser>>['user'];

describe('in-app notifications', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let me: User;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  let othersNoticeId: string;
  const list = (headers = auth) => t.app.inject({ url: '/api/v1/notifications', headers });

  beforeAll(async () => {
    ({ user: me } = await createUser(t.db));
    const { user: other } = await createUser(t.db);
    auth = await t.bearer(me);
    otherAuth = await t.bearer(other);
    const d = await createDelivery(t.db, { customerId: me.id });
    for (let i = 0; i < 3; i++) {
      await notifyCustomer(
        t.db,
        { userId: me.id, deliveryId: d.id, title: `Update ${i}`, message: `Message ${i}` },
        new Date(clock.now().getTime() + i * 60_000),
      );
    }
    await notifyCustomer(t.db, { userId: other.id, title: 'Theirs', message: 'Not yours' }, clock.now());
    othersNoticeId = (await list(otherAuth)).json().data[0]._id;
  });

  it('lists only my notifications, newest first, with the unread count', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = ZNotificationListResponse.parse(res.json());
    expect(body.data.map((n) => n.title)).toEqual(['Update 2', 'Update 1', 'Update 0']);
    expect(body.data[0]).toMatchObject({
      message: 'Message 2',
      isRead: false,
      createdAt: new Date(clock.now().getTime() + 120_000).toISOString(),
    });
    expect(body.unreadCount).toBe(3);
    expect(body.data.map((n) => n._id)).not.toContain(othersNoticeId);
  });

  it('marks one read', async () => {
    const [newest] = (await list()).json().data;
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/notifications/${newest._id}/read`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { _id: newest._id, isRead: true } });
    const after = (await list()).json();
    expect(after.unreadCount).toBe(2);
    expect(after.data[0].isRead).toBe(true);
  });

  it('deletes one', async () => {
    const [, middle] = (await list()).json().data;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/notifications/${middle._id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Notification deleted' });
    expect((await list()).json().data.map((n: { title: string }) => n.title)).toEqual(['Update 2', 'Update 0']);
  });

  it('answers 404 for another user’s notification, exactly as for an unknown one, and changes nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, suffix] of [
      ['PATCH', '/read'],
      ['DELETE', ''],
    ] as const) {
      const theirs = await t.app.inject({ method, url: `/api/v1/notifications/${othersNoticeId}${suffix}`, headers: auth });
      const none = await t.app.inject({ method, url: `/api/v1/notifications/${unknown}${suffix}`, headers: auth });
      const garbage = await t.app.inject({ method, url: `/api/v1/notifications/nope${suffix}`, headers: auth });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(none.json());
      expect(garbage.json()).toEqual(none.json());
    }
    const theirs = (await list(otherAuth)).json();
    expect(theirs.data).toMatchObject([{ _id: othersNoticeId, isRead: false }]);
  });

  it('marks all of mine read at once', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/notifications/read-all', headers: auth });
    expect(res.json()).toEqual({ success: true, updated: 1 });
    expect((await list()).json().unreadCount).toBe(0);
    expect((await list(otherAuth)).json().unreadCount).toBe(1);
  });

  it(`shows at most the ${NOTIFICATION_LIST_CAP} newest`, async () => {
    const { user } = await createUser(t.db);
    for (let i = 0; i < NOTIFICATION_LIST_CAP + 5; i++) {
      await notifyCustomer(t.db, { userId: user.id, title: `N${i}`, message: 'x' }, new Date(clock.now().getTime() + i * 1000));
    }
    const body = (await list(await t.bearer(user))).json();
    expect(body.data).toHaveLength(NOTIFICATION_LIST_CAP);
    expect(body.data[0].title).toBe(`N${NOTIFICATION_LIST_CAP + 4}`);
    expect(body.unreadCount).toBe(NOTIFICATION_LIST_CAP + 5);
  });

  it('refuses a caller without a token', async () => {
    expect((await t.app.inject('/api/v1/notifications')).statusCode).toBe(401);
  });
});
