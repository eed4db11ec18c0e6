import { describe, expect, it } from 'vitest';
import { type ChangedJob, movedCount, planChanges } from './plan-changes.js';

const jobs = new Map<string, ChangedJob>(
  ['a', 'b', 'c', 'd', 'e', 's'].map((id) => [id, { trackingNumber: `MC${id.toUpperCase()}`, priority: id === 's' ? 'stat' : 'routine' }]),
);
const route = (driverId: string, jobIds: string[]) => ({ driverId, driverName: driverId === 'x' ? 'Alex' : 'Sam', jobIds });

describe('the changes a re-plan lists', () => {
  it('lists nothing when the routes stay as they were', () => {
    expect(planChanges([route('x', ['a', 'b'])], [route('x', ['a', 'b'])], jobs)).toEqual([]);
  });

  it('counts a STAT put first as one change (added), not every stop after it', () => {
    const changes = planChanges([route('x', ['a', 'b', 'c'])], [route('x', ['s', 'a', 'b', 'c'])], jobs);
    expect(changes).toEqual([
      expect.objectContaining({ deliveryId: 's', kind: 'added', toDriverName: 'Alex', toOrder: 1, fromDriverId: null, priority: 'stat' }),
    ]);
    expect(movedCount(changes)).toBe(0);
  });

  it('tells a move between drivers, a reorder within one and a job left off, STATs first', () => {
    const before = [route('x', ['a', 'b', 'c']), route('y', ['d', 'e'])];
    const after = [route('x', ['c', 'a', 's']), route('y', ['d', 'b', 'e'])];
    const changes = planChanges(before, after, jobs);
    expect(changes.map((c) => [c.deliveryId, c.kind])).toEqual([
      ['s', 'added'],
      ['c', 'resequenced'],
      ['b', 'moved'],
    ]);
    expect(changes.find((c) => c.deliveryId === 'b')).toMatchObject({
      fromDriverName: 'Alex',
      toDriverName: 'Sam',
      fromOrder: 2,
      toOrder: 2,
    });
    expect(changes.find((c) => c.deliveryId === 'c')).toMatchObject({ fromOrder: 3, toOrder: 1 });
    expect(movedCount(changes)).toBe(1);
    const dropped = planChanges([route('x', ['a', 'b'])], [route('x', ['a'])], jobs);
    expect(dropped).toEqual([expect.objectContaining({ deliveryId: 'b', kind: 'dropped', toDriverId: null })]);
  });
});
