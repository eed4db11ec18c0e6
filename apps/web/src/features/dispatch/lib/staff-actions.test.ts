import { describe, expect, it } from 'vitest';
import { staffActions } from './staff-actions';

describe('staffActions', () => {
  it('offers approve and cancel for a pending request', () => {
    expect(staffActions('pending')).toEqual(['approve', 'cancel']);
  });

  it('offers assign for an approved delivery and reassign once assigned', () => {
    expect(staffActions('approved')).toEqual(['assign', 'cancel']);
    expect(staffActions('assigned')).toEqual(['reassign', 'cancel']);
  });

  it('offers nothing on the way to pickup, while returning or once finished', () => {
    for (const status of ['moving_to_pickup_location', 'returning', 'delivered', 'returned', 'cancelled'] as const) {
      expect(staffActions(status)).toEqual([]);
    }
  });

  it('offers reassign and a cancel after pickup (it becomes a return) and decides a failed attempt with re-attempt or return', () => {
    expect(staffActions('picked_up')).toEqual(['reassign', 'cancel']);
    expect(staffActions('in_transit')).toEqual(['reassign', 'cancel']);
    expect(staffActions('failed_attempt')).toEqual(['reattempt', 'return']);
  });
});
