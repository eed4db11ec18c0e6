import { describe, expect, it } from 'vitest';
import { orderJobs } from './next-action';
import { plannedTime, runOrder } from './planned-order';

describe('runOrder', () => {
  it('keeps a parcel under way first, then follows the applied plan, then the server order for jobs outside it', () => {
    const jobs = [
      { id: 'a', routeOrder: 1, plannedOrder: null, status: 'assigned' as const },
      { id: 'b', routeOrder: 2, plannedOrder: 2, status: 'assigned' as const },
      { id: 'c', routeOrder: 3, plannedOrder: 1, status: 'assigned' as const },
      { id: 'd', routeOrder: 4, plannedOrder: null, status: 'in_transit' as const },
    ];
    const ordered = orderJobs(jobs.map((j) => ({ ...j, routeOrder: runOrder(j, j.status), shownStatus: j.status })));
    expect(ordered.map((j) => [j.id, j.stop])).toEqual([
      ['d', 1],
      ['c', 2],
      ['b', 3],
      ['a', 4],
    ]);
  });

  it('reads a planned arrival as a clock time, and nothing without one', () => {
    expect(plannedTime(new Date(2026, 10, 26, 9, 42).toISOString())).toMatch(/09.42|9.42/);
    expect(plannedTime(null)).toBe('');
  });
});
