/** Roles and their fixed ids. Ids never change: they are stored on users and sent by clients. */
export const ROLES = ['SUPER_ADMIN', 'ADMIN', 'MANAGER', 'STAFF', 'DRIVER', 'CUSTOMER'] as const;
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

/** Staff ranks: a higher number outranks a lower one. DRIVER and CUSTOMER are not staff. */
export const STAFF_RANK: Partial<Record<TRole, number>> = { SUPER_ADMIN: 4, ADMIN: 3, MANAGER: 2, STAFF: 1 };
export const isStaff = (role: TRole | undefined): boolean => !!role && (STAFF_RANK[role] ?? 0) > 0;

/** Where each role lands after login: staff on the dispatch dashboard, drivers on their home, customers on theirs. */
export function landingPathFor(role: TRole | undefined): string {
  if (role && isStaff(role)) return '/admin/dashboard';
  if (role === 'DRIVER') return '/driver/home';
  return '/user/home';
}
