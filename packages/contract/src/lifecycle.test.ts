import { describe, expect, it } from 'vitest';
import {
  acceptsFeedback,
  DRIVER_OPEN_STATUSES,
  FINAL_STATUSES,
  HELD_MOVES,
  HOLD_TRANSITIONS,
  holdAllowsMove,
  holdStateOf,
  isFinalStatus,
  mayHaveLabel,
  movesFor,
  nextDriverStatus,
} from './lifecycle.js';

describe('rules derived from the status table', () => {
  it('gives the driver one next step from each status on the way to delivered', () => {
    expect(nextDriverStatus('pending')).toBeNull();
    expect(nextDriverStatus('assigned')).toBe('moving_to_pickup_location');
    expect(nextDriverStatus('moving_to_pickup_location')).toBe('picked_up');
    expect(nextDriverStatus('picked_up')).toBe('in_transit');
    expect(nextDriverStatus('in_transit')).toBe('delivered');
    expect(nextDriverStatus('delivered')).toBeNull();
    // A failed attempt waits for dispatch; a return ends with the hand-back.
    expect(nextDriverStatus('failed_attempt')).toBeNull();
    expect(nextDriverStatus('returning')).toBe('returned');
    expect(nextDriverStatus('returned')).toBeNull();
  });

  it("counts a job open on the driver's list from assignment until the parcel is handed over or back", () => {
    expect([...DRIVER_OPEN_STATUSES].sort()).toEqual([
      'assigned',
      'failed_attempt',
      'in_transit',
      'moving_to_pickup_location',
      'picked_up',
      'returning',
    ]);
  });

  it('sends a parcel back only after pickup, and ends deliveries at delivered, returned or cancelled', () => {
    expect(movesFor('picked_up', 'staff')).toEqual(['assigned', 'returning']);
    expect(movesFor('in_transit', 'staff')).toEqual(['assigned', 'returning']);
    expect(movesFor('in_transit', 'driver')).toEqual(['delivered', 'failed_attempt']);
    expect(movesFor('failed_attempt', 'staff')).toEqual(['in_transit', 'assigned', 'returning']);
    expect(movesFor('returning', 'driver')).toEqual(['returned']);
    expect(movesFor('assigned', 'staff')).not.toContain('returning');
    expect([...FINAL_STATUSES].sort()).toEqual(['cancelled', 'delivered', 'returned']);
    expect(mayHaveLabel('returning')).toBe(false);
  });

  it('lets the owner only cancel a pending request and staff reassign an assigned one', () => {
    expect(movesFor('pending', 'owner')).toEqual(['cancelled']);
    expect(movesFor('approved', 'owner')).toEqual([]);
    expect(movesFor('assigned', 'staff')).toEqual(['assigned', 'cancelled']);
  });

  it('prints no label for a cancelled delivery and takes feedback for a delivered one only', () => {
    expect(mayHaveLabel('cancelled')).toBe(false);
    expect(mayHaveLabel('pending')).toBe(true);
    expect(mayHaveLabel('delivered')).toBe(true);
    expect(acceptsFeedback('delivered')).toBe(true);
    expect(acceptsFeedback('in_transit')).toBe(false);
    expect(isFinalStatus('cancelled')).toBe(true);
  });
});

describe('the hold, a sub-state beside the status', () => {
  it('is placed by the driver’s reading and decided by a manager, each decision with its own status move', () => {
    expect(HOLD_TRANSITIONS.place).toMatchObject({ from: 'clear', to: 'held', by: ['driver'], move: null });
    for (const step of ['continue', 'return', 'discard'] as const)
      expect(HOLD_TRANSITIONS[step]).toMatchObject({ from: 'held', to: 'clear', by: ['manager'] });
    expect([HOLD_TRANSITIONS.continue.move, HOLD_TRANSITIONS.return.move, HOLD_TRANSITIONS.discard.move]).toEqual([
      null,
      'returning',
      'cancelled',
    ]);
  });

  it('stops every move towards the recipient while it stands; going back to the sender stays open', () => {
    for (const [from, to] of [
      ['picked_up', 'in_transit'],
      ['in_transit', 'delivered'],
      ['in_transit', 'failed_attempt'],
      ['in_transit', 'assigned'],
      ['failed_attempt', 'in_transit'],
    ] as const) {
      expect(holdAllowsMove('held', from, to)).toBe(false);
      expect(holdAllowsMove('clear', from, to)).toBe(true);
    }
    expect(HELD_MOVES.in_transit).toEqual(['returning']);
    expect(HELD_MOVES.returning).toEqual(['returned']);
    expect(holdAllowsMove('held', 'returning', 'returned')).toBe(true);
  });

  it('takes a decision only while held, and only with the move the decision declares', () => {
    expect(holdAllowsMove('held', 'in_transit', 'returning', 'return')).toBe(true);
    expect(holdAllowsMove('held', 'picked_up', 'cancelled', 'discard')).toBe(true);
    expect(holdAllowsMove('held', 'in_transit', 'delivered', 'return')).toBe(false);
    expect(holdAllowsMove('clear', 'in_transit', 'returning', 'return')).toBe(false);
  });

  it('reads the hold from a row (holdSince) or an answer (hold)', () => {
    expect(holdStateOf({ holdSince: new Date() })).toBe('held');
    expect(holdStateOf({ holdSince: null })).toBe('clear');
    expect(holdStateOf({ hold: { reason: 'temperature', since: '2026-01-01T00:00:00Z' } })).toBe('held');
    expect(holdStateOf({ hold: null })).toBe('clear');
  });
});
