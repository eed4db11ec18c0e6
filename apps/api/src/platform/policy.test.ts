import { describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '@courier/contract';
import {
  admits,
  deliveryReportScopeOf,
  hatsFor,
  mayBookDelivery,
  mayChangeStandingOrder,
  mayDecideDisposition,
  mayEditStandingOrderDelivery,
  mayGrantRole,
  mayGroupDeliveryReport,
  mayManageAccount,
  mayManageWebhookEndpoint,
  mayMoveDelivery,
  mayPreApproveStandingOrder,
  mayReadDelivery,
  mayReadDeliveryStory,
  mayReadStandingOrder,
  mayRevokeApiKey,
  mayUseOwnAccount,
  mayUseSavedAddress,
  readsAsStaff,
} from './policy.js';

const owner = { id: 'c1', role: 'CUSTOMER' as const };
const driver = { id: 'd1', role: 'DRIVER' as const };
const otherDriver = { id: 'd2', role: 'DRIVER' as const };
const staff = { id: 's1', role: 'STAFF' as const };
const delivery = { customerId: 'c1', accountId: 'a1', driverId: 'd1', status: 'in_transit' as const };

describe('the access policy', () => {
  it('lets the owner, the assigned driver and staff read a delivery, and nobody else', () => {
    expect(mayReadDelivery(owner, delivery)).toBe(true);
    expect(mayReadDelivery(driver, delivery)).toBe(true);
    expect(mayReadDelivery(staff, delivery)).toBe(true);
    expect(mayReadDelivery(otherDriver, delivery)).toBe(false);
    expect(mayReadDelivery({ id: 'c2', role: 'CUSTOMER' }, delivery)).toBe(false);
  });

  it("gives an account's owners the owner's hat on every delivery billed to it; members and other accounts nothing", () => {
    const accountOwner = { id: 'c9', role: 'CUSTOMER' as const, account: { id: 'a1', role: 'owner' as const } };
    const member = { id: 'c8', role: 'CUSTOMER' as const, account: { id: 'a1', role: 'member' as const } };
    const otherOwner = { id: 'c7', role: 'CUSTOMER' as const, account: { id: 'a2', role: 'owner' as const } };
    expect(hatsFor(accountOwner, delivery)).toEqual(['owner']);
    expect(mayReadDeliveryStory(accountOwner, delivery)).toBe(true);
    expect(mayReadDelivery(member, delivery)).toBe(false);
    expect(mayReadDelivery(otherOwner, delivery)).toBe(false);
    expect(readsAsStaff(accountOwner, delivery)).toBe(false);
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
    const d = { customerId: 'c1', accountId: 'a1', driverId: 'd1', status: 'assigned' as const };
    expect(readsAsStaff({ id: 's1', role: 'STAFF' }, d)).toBe(true);
    expect(readsAsStaff({ id: 'c1', role: 'CUSTOMER' }, d)).toBe(false);
    expect(readsAsStaff({ id: 'd1', role: 'DRIVER' }, d)).toBe(false);
    expect(readsAsStaff({ id: 'c1', role: 'ADMIN' }, d)).toBe(false);
  });

  it('lets a standing order’s owner and staff read and change it; only the owner edits what it books, only staff pre-approve', () => {
    const order = { customerId: 'c1' };
    for (const may of [mayReadStandingOrder, mayChangeStandingOrder]) {
      expect(may(owner, order)).toBe(true);
      expect(may(staff, order)).toBe(true);
      expect(may({ id: 'c2', role: 'CUSTOMER' }, order)).toBe(false);
      expect(may(driver, order)).toBe(false);
    }
    expect(mayEditStandingOrderDelivery(owner, order)).toBe(true);
    expect(mayEditStandingOrderDelivery(staff, order)).toBe(false);
    expect(mayPreApproveStandingOrder(staff)).toBe(true);
    expect(mayPreApproveStandingOrder(owner)).toBe(false);
  });

  it('scopes a delivery report: staff every delivery by any grouping, a customer their own by day, a driver none', () => {
    const every = deliveryReportScopeOf(staff);
    const own = deliveryReportScopeOf(owner);
    expect(every).toEqual({ every: true });
    expect(own).toEqual({ every: false, customerId: 'c1' });
    expect(deliveryReportScopeOf(driver)).toBeNull();
    expect(every && mayGroupDeliveryReport(every, 'driver')).toBe(true);
    expect(own && mayGroupDeliveryReport(own, 'day')).toBe(true);
    expect(own && mayGroupDeliveryReport(own, 'customer')).toBe(false);
  });

  it('keeps saved addresses, webhook endpoints and API keys to the customer who owns them', () => {
    expect(mayUseSavedAddress(owner, { ownerId: 'c1' })).toBe(true);
    expect(mayUseSavedAddress(owner, { ownerId: 'c2' })).toBe(false);
    expect(mayUseSavedAddress(staff, { ownerId: 's1' })).toBe(false);
    expect(mayManageWebhookEndpoint(owner, { userId: 'c1' })).toBe(true);
    expect(mayManageWebhookEndpoint({ ...owner, apiKey: { id: 'k', name: 'lab' } }, { userId: 'c1' })).toBe(true);
    expect(mayManageWebhookEndpoint(owner, { userId: 'c2' })).toBe(false);
    expect(mayRevokeApiKey(owner, { userId: 'c1' })).toBe(true);
    expect(mayRevokeApiKey(owner, { userId: 'c2' })).toBe(false);
    expect(mayRevokeApiKey({ ...owner, apiKey: { id: 'k', name: 'lab' } }, { userId: 'c1' })).toBe(false);
  });

  it('lets anyone signed in use their own account, never with an API key', () => {
    for (const actor of [owner, driver, staff]) expect(mayUseOwnAccount(actor)).toBe(true);
    expect(mayUseOwnAccount({ ...owner, apiKey: { id: 'k', name: 'lab' } })).toBe(false);
  });

  it('reads the staff and manager lists from the contract', () => {
    expect(admits('staff', 'STAFF') && admits('staff', 'SUPER_ADMIN')).toBe(true);
    expect(admits('staff', 'DRIVER') || admits('staff', 'CUSTOMER')).toBe(false);
    expect(['SUPER_ADMIN', 'ADMIN', 'MANAGER'].every((role) => mayDecideDisposition({ role: role as 'MANAGER' }))).toBe(true);
    expect(mayDecideDisposition(staff)).toBe(false);
  });
});
