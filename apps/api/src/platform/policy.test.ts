import { describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '@courier/contract';
import {
  admits,
  hatsFor,
  mayBookDelivery,
  mayGrantRole,
  mayManageAccount,
  mayMoveDelivery,
  mayReadDelivery,
  readsAsStaff,
} from './policy.js';

const owner = { id: 'c1', role: 'CUSTOMER' as const };
const driver = { id: 'd1', role: 'DRIVER' as const };
const otherDriver = { id: 'd2', role: 'DRIVER' as const };
const staff = { id: 's1', role: 'STAFF' as const };
const delivery = { customerId: 'c1', driverId: 'd1', status: 'in_transit' as const };

describe('the access policy', () => {
  it('lets the owner, the assigned driver and staff read a delivery, and nobody else', () => {
    expect(mayReadDelivery(owner, delivery)).toBe(true);
    expect(mayReadDelivery(driver, delivery)).toBe(true);
    expect(mayReadDelivery(staff, delivery)).toBe(true);
    expect(mayReadDelivery(otherDriver, delivery)).toBe(false);
    expect(mayReadDelivery({ id: 'c2', role: 'CUSTOMER' }, delivery)).toBe(false);
  });

  it('ends the driver’s access when the job is closed (every final status of the table), not the owner’s or staff’s', () => {
    for (const status of FINAL_STATUSES) {
      expect(mayReadDelivery(driver, { ...delivery, status }), status).toBe(false);
      expect(mayReadDelivery(owner, { ...delivery, status })).toBe(true);
      expect(mayReadDelivery(staff, { ...delivery, status })).toBe(true);
    }
    expect(FINAL_STATUSES).toEqual(expect.arrayContaining(['delivered', 'cancelled']));
  });

  it('answers moves from the status table for the hats the actor wears', () => {
    expect(hatsFor(owner, delivery)).toEqual(['owner']);
    expect(mayMoveDelivery(owner, delivery, 'pending', 'cancelled')).toBe(true);
    expect(mayMoveDelivery(owner, delivery, 'approved', 'cancelled')).toBe(false);
    expect(mayMoveDelivery(staff, delivery, 'approved', 'cancelled')).toBe(true);
    expect(mayMoveDelivery(driver, delivery, 'assigned', 'moving_to_pickup_location')).toBe(true);
    expect(mayMoveDelivery(otherDriver, delivery, 'assigned', 'moving_to_pickup_location')).toBe(false);
    expect(mayMoveDelivery(staff, delivery, 'assigned', 'moving_to_pickup_location')).toBe(false);
  });

  it('admits routes by audience and lets only customers book', () => {
    expect(admits('staff', 'MANAGER')).toBe(true);
    expect(admits('staff', 'DRIVER')).toBe(false);
    expect(admits('admin', 'MANAGER')).toBe(false);
    expect(mayBookDelivery(owner)).toBe(true);
    expect(mayBookDelivery(staff)).toBe(false);
    expect(mayBookDelivery(driver)).toBe(false);
  });

  it('grants no role above one’s own and ADMIN only from SUPER_ADMIN', () => {
    const admin = { id: 'a1', role: 'ADMIN' as const };
    const superAdmin = { id: 'sa', role: 'SUPER_ADMIN' as const };
    expect(mayGrantRole(admin, 'MANAGER')).toBe(true);
    expect(mayGrantRole(admin, 'DRIVER')).toBe(true);
    expect(mayGrantRole(admin, 'ADMIN')).toBe(false);
    expect(mayGrantRole(superAdmin, 'ADMIN')).toBe(true);
    expect(mayGrantRole(superAdmin, 'SUPER_ADMIN')).toBe(false);
    expect(mayGrantRole({ id: 'm', role: 'MANAGER' }, 'STAFF')).toBe(false);
    expect(mayManageAccount(admin, { id: 'a1', role: 'ADMIN' })).toBe(false);
    expect(mayManageAccount(admin, { id: 'a2', role: 'ADMIN' })).toBe(false);
    expect(mayManageAccount(admin, { id: 'x', role: 'DRIVER' })).toBe(true);
  });

  it("counts a staff read of someone else's delivery as one to audit, not a read of one's own", () => {
    const d = { customerId: 'c1', driverId: 'd1', status: 'assigned' as const };
    expect(readsAsStaff({ id: 's1', role: 'STAFF' }, d)).toBe(true);
    expect(readsAsStaff({ id: 'c1', role: 'CUSTOMER' }, d)).toBe(false);
    expect(readsAsStaff({ id: 'd1', role: 'DRIVER' }, d)).toBe(false);
    expect(readsAsStaff({ id: 'c1', role: 'ADMIN' }, d)).toBe(false);
  });
});
