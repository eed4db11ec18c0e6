import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn } from './operations-test-kit.js';

const HOUR = 3_600_000;

/** "Newest booking first" is booking time alone; the urgency order (required-by) keeps STAT first. */
describe('the staff list orders', () => {
  const t = useTestApp();
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });
  const ids = async (sort: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/deliveries?status=pending&sort=${sort}&limit=80`,
        headers: people.STAFF.auth,
      })
    )
      .json()
      .deliveries.map((d: { _id: string }) => d._id);

  it('puts the newest booking first whatever its priority, and STAT first when sorted by required-by', async () => {
    const now = Date.now();
    const statBookedEarlier = await deliveryIn(t, 'pending', people.CUSTOMER.id, null, {
      createdAt: new Date(now - 2 * HOUR),
      requiredBy: new Date(now + 30 * HOUR),
      handling: { priority: 'stat' },
    });
    const routineBookedLater = await deliveryIn(t, 'pending', people.CUSTOMER.id, null, {
      createdAt: new Date(now - HOUR),
      requiredBy: new Date(now + 2 * HOUR),
    });
    const newest = await ids('newest');
    expect(newest.indexOf(routineBookedLater.id)).toBeLessThan(newest.indexOf(statBookedEarlier.id));
    const urgent = await ids('required-by');
    expect(urgent.indexOf(statBookedEarlier.id)).toBeLessThan(urgent.indexOf(routineBookedLater.id));
  });
});
