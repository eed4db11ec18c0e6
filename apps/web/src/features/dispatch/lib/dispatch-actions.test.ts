import { describe, expect, it } from 'vitest';
import { dispatchActions } from './dispatch-actions';

describe('dispatchActions', () => {
  it('offers approve and cancel for a pending request', () => {
    expect(dispatchActions('pending')).toEqual(['approve', 'cancel']);
  });

  it('offers assign for an approved delivery and reassign once assigned', () => {
    expect(dispatchActions('approved')).toEqual(['assign', 'cancel']);
    expect(dispatchActions('assigned')).toEqual(['reassign', 'cancel']);
  });

  it('offers nothing on the way to pickup, while returning or once finished', () => {
    for (const status of ['moving_to_pickup_location', 'returning', 'delivered', 'returned', 'cancelled'] as const) {
      expect(dispatchActions(status)).toEqual([]);
    }
  });

  it('offers reassign and a cancel after pickup (it becomes a return) and decides a failed attempt with re-attempt or return', () => {
    expect(dispatchActions('picked_up')).toEqual(['reassign', 'cancel']);
    expect(dispatchActions('in_transit')).toEqual(['reassign', 'cancel']);
    expect(dispatchActions('failed_attempt')).toEqual(['reattempt', 'return']);
  });

  it('keeps only going back to the sender for a parcel on hold', () => {
    expect(dispatchActions('picked_up', 'held')).toEqual(['cancel']);
    expect(dispatchActions('in_transit', 'held')).toEqual(['cancel']);
    expect(dispatchActions('failed_attempt', 'held')).toEqual(['return']);
    expect(dispatchActions('failed_attempt', 'clear')).toEqual(['reattempt', 'return']);
  });
});
