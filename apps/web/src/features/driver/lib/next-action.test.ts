import { describe, expect, it } from 'vitest';
import { isDueToday, nextAction, orderJobs, statusWithQueued } from './next-action';
import type { TQueued } from './outbox';

describe('nextAction', () => {
  it('walks an assigned job to delivered, one big button at a time', () => {
    expect(nextAction('assigned')).toEqual({ kind: 'move', to: 'moving_to_pickup_location', label: 'Start pickup run' });
    expect(nextAction('moving_to_pickup_location')).toMatchObject({ kind: 'pickup', to: 'picked_up' });
    expect(nextAction('picked_up')).toMatchObject({ kind: 'move', to: 'in_transit' });
    expect(nextAction('in_transit')).toMatchObject({ kind: 'proof', to: 'delivered' });
  });

  it('offers the driver nothing before assignment or after the end', () => {
    for (const status of ['pending', 'approved', 'delivered', 'returned', 'cancelled'] as const) expect(nextAction(status)).toBeNull();
  });

  it('waits for dispatch after a failed attempt and ends a return with the hand-back proof', () => {
    expect(nextAction('failed_attempt')).toBeNull();
    expect(nextAction('returning')).toMatchObject({ kind: 'proof', to: 'returned', label: 'Hand back with proof' });
  });
});

describe('statusWithQueued', () => {
  const queued = (deliveryId: string, status: 'picked_up' | 'in_transit' | 'proof'): TQueued =>
    status === 'proof'
      ? {
          kind: 'proof',
          key: 'p',
          deliveryId,
          orderId: 'X',
          queuedAt: '',
          fields: { recipientName: 'A', notes: '' },
          photo: null,
          signature: null,
        }
      : { kind: 'status', key: status, deliveryId, orderId: 'X', queuedAt: '', body: { status } };

  it('shows a job as the driver left it, even while the moves wait to be sent', () => {
    const job = { _id: 'd1', status: 'moving_to_pickup_location' as const };
    expect(statusWithQueued(job, [queued('d1', 'picked_up'), queued('d2', 'in_transit'), queued('d1', 'in_transit')])).toBe('in_transit');
    expect(statusWithQueued(job, [queued('d1', 'proof')])).toBe('delivered');
    expect(statusWithQueued(job, [])).toBe('moving_to_pickup_location');
  });

  it('shows a failed attempt waiting to be sent, and a queued hand-back as returned', () => {
    const failed: TQueued = {
      kind: 'status',
      key: 'f',
      deliveryId: 'd1',
      orderId: 'X',
      queuedAt: '',
      body: { status: 'failed_attempt', reason: 'recipient_absent' },
    };
    const photo: TQueued = { kind: 'attempt-photo', key: 'ph', deliveryId: 'd1', orderId: 'X', queuedAt: '', photo: new Blob() };
    expect(statusWithQueued({ _id: 'd1', status: 'in_transit' }, [failed, photo])).toBe('failed_attempt');
    expect(statusWithQueued({ _id: 'd1', status: 'returning' }, [queued('d1', 'proof')])).toBe('returned');
  });
});

describe('orderJobs', () => {
  it('lists open jobs in route order and finished ones last', () => {
    const jobs = [
      { routeOrder: 1, shownStatus: 'delivered' as const },
      { routeOrder: 3, shownStatus: 'assigned' as const },
      { routeOrder: 2, shownStatus: 'in_transit' as const },
    ];
    expect(orderJobs(jobs).map((j) => j.routeOrder)).toEqual([2, 3, 1]);
  });

  it('numbers the stops still to do 1, 2, 3 in route order after a delivery made offline, finished ones not at all', () => {
    const jobs = [
      { routeOrder: 1, shownStatus: 'delivered' as const },
      { routeOrder: 2, shownStatus: 'picked_up' as const },
      { routeOrder: 3, shownStatus: 'assigned' as const },
    ];
    expect(orderJobs(jobs).map((j) => [j.routeOrder, j.stop])).toEqual([
      [2, 1],
      [3, 2],
      [1, null],
    ]);
  });
});

describe('isDueToday', () => {
  const now = new Date(2026, 2, 3, 9, 0);
  it('counts jobs due today, overdue or without a required-by, not those due on a later day', () => {
    expect(isDueToday({ requiredBy: null }, now)).toBe(true);
    expect(isDueToday({ requiredBy: new Date(2026, 2, 3, 23, 30).toISOString() }, now)).toBe(true);
    expect(isDueToday({ requiredBy: new Date(2026, 2, 2, 17, 0).toISOString() }, now)).toBe(true);
    expect(isDueToday({ requiredBy: new Date(2026, 2, 4, 0, 30).toISOString() }, now)).toBe(false);
  });
});
