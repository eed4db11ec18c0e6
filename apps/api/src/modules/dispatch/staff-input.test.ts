import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@courier/contract';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn } from './operations-test-kit.js';

/** Staff calls answered 500 to a NUL byte or a date at the far ends of JavaScript's range: 400 naming the field. */
describe('bad text and dates in staff calls', () => {
  const t = useTestApp();
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });

  it.each([
    ['/api/v1/admin/users?q=a%00b', 'q'],
    ['/api/v1/admin/deliveries?q=a%00b', 'q'],
    ['/api/v1/admin/deliveries?driverId=a%00b', 'driverId'],
    ['/api/v1/admin/audit?action=a%00b', 'action'],
    ['/api/v1/admin/audit?entity=a%00b', 'entity'],
    ['/api/v1/admin/audit?entityId=a%00b', 'entityId'],
    ['/api/v1/admin/audit?actorId=a%00b', 'actorId'],
    ['/api/v1/admin/deliveries?from=%2B275760-09-13T00:00:00Z', 'from'],
    ['/api/v1/admin/deliveries?to=-000001-01-01T00:00:00Z', 'to'],
    ['/api/v1/admin/audit?from=%2B275760-09-13T00:00:00Z', 'from'],
    ['/api/v1/admin/audit?to=-000001-01-01T00:00:00Z', 'to'],
    // Days the calendar does not have, which Date alone reads as early March or May.
    ['/api/v1/admin/deliveries?from=2026-02-30', 'from'],
    ['/api/v1/admin/deliveries?to=2026-02-29T23:59:59.999Z', 'to'],
    ['/api/v1/admin/deliveries?deliveredFrom=2026-04-31T10:00:00Z', 'deliveredFrom'],
    ['/api/v1/admin/deliveries?from=02%2F30%2F2026', 'from'],
    ['/api/v1/admin/audit?from=2026-02-30', 'from'],
    ['/api/v1/admin/audit?to=2026-06-31', 'to'],
    ['/api/v1/admin/reports/deliveries?from=2026-02-30', 'from'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url, headers: people.SUPER_ADMIN.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'BAD_REQUEST', field });
  });

  it('still takes a leap day, a date-time with an offset and one without', async () => {
    for (const query of [
      'from=2028-02-29',
      'from=2026-03-01T10:00:00%2B05:00',
      'to=2026-03-01T10:00',
      'deliveredFrom=2026-03-01T10:00:00.000Z',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/deliveries?${query}`, headers: people.SUPER_ADMIN.auth });
      expect(res.statusCode, query).toBe(200);
    }
  });

  it('refuses a NUL in invite names, the approve note and the cancel reason with 400 naming the field', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: people.SUPER_ADMIN.auth,
      payload: { email: 'new@crew.test', firstName: 'A\u0000', lastName: 'B', roleId: ROLE_IDS.STAFF },
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json()).toMatchObject({ field: 'firstName' });
    const pending = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${pending.id}/approve`,
      headers: people.STAFF.auth,
      payload: { note: 'a\u0000b' },
    });
    expect(approve.statusCode).toBe(400);
    expect(approve.json()).toMatchObject({ field: 'note' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${pending.id}/cancel`,
      headers: people.STAFF.auth,
      payload: { reason: 'a\u0000b' },
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toMatchObject({ field: 'reason' });
  });
});
