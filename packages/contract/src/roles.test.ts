import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES, isStaff, landingPathFor, MANAGER_ROLES, ROLES, STAFF_RANK, STAFF_ROLES } from './roles.js';

describe('the role lists', () => {
  it('declares the staff once, highest first, and derives the ranks and the narrower lists from it', () => {
    expect(STAFF_ROLES).toEqual(['SUPER_ADMIN', 'ADMIN', 'MANAGER', 'STAFF']);
    expect(STAFF_RANK).toEqual({ SUPER_ADMIN: 4, ADMIN: 3, MANAGER: 2, STAFF: 1 });
    expect(ADMIN_ROLES).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(MANAGER_ROLES).toEqual(['SUPER_ADMIN', 'ADMIN', 'MANAGER']);
    expect(ROLES.filter(isStaff)).toEqual([...STAFF_ROLES]);
  });

  it('lands staff on the dispatch dashboard, drivers and customers on their homes', () => {
    expect(STAFF_ROLES.map(landingPathFor)).toEqual(Array(4).fill('/admin/dashboard'));
    expect(landingPathFor('DRIVER')).toBe('/driver/home');
    expect(landingPathFor('CUSTOMER')).toBe('/user/home');
    expect(landingPathFor(undefined)).toBe('/user/home');
  });
});
