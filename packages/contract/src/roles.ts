/** The staff roles, highest rank first: the one list of who works the dispatch console. */
export const STAFF_ROLES = ['SUPER_ADMIN', 'ADMIN', 'MANAGER', 'STAFF'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

/** Roles and their fixed ids. Ids never change: they are stored on users and sent by clients. */
export const ROLES = [...STAFF_ROLES, 'DRIVER', 'CUSTOMER'] as const;
export type TRole = (typeof ROLES)[number];

export const ROLE_IDS: Record<TRole, string> = {
  SUPER_ADMIN: '64b000000000000000000001',
  ADMIN: '64b000000000000000000002',
  MANAGER: '64b000000000000000000003',
  STAFF: '64b000000000000000000004',
  DRIVER: '64b000000000000000000005',
  CUSTOMER: '64b000000000000000000006',
};

export function roleFromId(roleId: string | { _id: string } | null | undefined): TRole | undefined {
  const id = typeof roleId === 'object' && roleId ? roleId._id : roleId;
  return ROLES.find((r) => ROLE_IDS[r] === id);
}

/** The staff roles from the highest down to `lowest`, included: ADMIN gives SUPER_ADMIN and ADMIN. */
export const staffRolesFrom = (lowest: TStaffRole): readonly TStaffRole[] => STAFF_ROLES.slice(0, STAFF_ROLES.indexOf(lowest) + 1);

/** Who manages accounts (users, audit, failed messages). */
export const ADMIN_ROLES = staffRolesFrom('ADMIN');
/** Who decides what happens to a held parcel and hears of a STAT nobody took. */
export const MANAGER_ROLES = staffRolesFrom('MANAGER');
export const DRIVER_ROLES: readonly TRole[] = ['DRIVER'];

/** Staff ranks: a higher number outranks a lower one. DRIVER and CUSTOMER are not staff. */
export const STAFF_RANK: Partial<Record<TRole, number>> = Object.fromEntries(STAFF_ROLES.map((role, i) => [role, STAFF_ROLES.length - i]));
export const isStaff = (role: TRole | undefined): boolean => !!role && (STAFF_ROLES as readonly TRole[]).includes(role);

/** Where each role lands after login: staff on the dispatch dashboard, drivers on their home, customers on theirs. */
export function landingPathFor(role: TRole | undefined): string {
  if (isStaff(role)) return '/admin/dashboard';
  if (role && DRIVER_ROLES.includes(role)) return '/driver/home';
  return '/user/home';
}
