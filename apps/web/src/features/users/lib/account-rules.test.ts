import { describe, expect, it } from 'vitest';
import { grantableRoles, mayManage } from './account-rules';

describe('grantableRoles', () => {
  it('lets only a super administrator grant ADMIN', () => {
    expect(grantableRoles('SUPER_ADMIN')).toEqual(['ADMIN', 'MANAGER', 'STAFF', 'DRIVER']);
    expect(grantableRoles('ADMIN')).toEqual(['MANAGER', 'STAFF', 'DRIVER']);
  });

  it('offers nothing to a manager, staff, a driver or a customer', () => {
    for (const role of ['MANAGER', 'STAFF', 'DRIVER', 'CUSTOMER'] as const) expect(grantableRoles(role)).toEqual([]);
  });
});

describe('mayManage', () => {
  it('lets an admin manage ranks below and drivers, but not peers, superiors or themselves', () => {
    const me = { id: 'me', role: 'ADMIN' as const };
    expect(mayManage(me, { _id: 'a', role: 'STAFF' })).toBe(true);
    expect(mayManage(me, { _id: 'b', role: 'DRIVER' })).toBe(true);
    expect(mayManage(me, { _id: 'c', role: 'ADMIN' })).toBe(false);
    expect(mayManage(me, { _id: 'd', role: 'SUPER_ADMIN' })).toBe(false);
    expect(mayManage({ id: 'x', role: 'SUPER_ADMIN' }, { _id: 'x', role: 'SUPER_ADMIN' })).toBe(false);
  });
});
