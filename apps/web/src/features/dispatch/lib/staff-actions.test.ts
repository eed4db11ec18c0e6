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

  it('offers nothing once the driver has the parcel or it is finished', () => {
    for (const status of ['moving_to_pickup_location', 'picked_up', 'in_transit', 'delivered', 'cancelled'] as const) {
      expect(staffActions(status)).toEqual([]);
    }
  });
});
