import { describe, expect, it } from 'vitest';
import {
  acceptsFeedback,
  DRIVER_OPEN_STATUSES,
  FINAL_STATUSES,
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
