import { INVITABLE_ROLES, STAFF_RANK, type TRole } from '@courier/contract';

const rank = (role: TRole | undefined): number => (role ? (STAFF_RANK[role] ?? 0) : 0);

/**
 * What the Users page offers; the server decides (it refuses the rest). Only SUPER_ADMIN grants ADMIN;
 * otherwise a role below one's own rank (drivers hold none).
 */
export function grantableRoles(me: TRole | undefined): TRole[] {
  if (me !== 'SUPER_ADMIN' && me !== 'ADMIN') return [];
  return INVITABLE_ROLES.filter((role) => (role === 'ADMIN' ? me === 'SUPER_ADMIN' : rank(role) < rank(me)));
}

/** Nobody changes their own account here, nor an account of their rank or above. */
export const mayManage = (me: { id?: string; role: TRole | undefined }, target: { _id: string; role: TRole }): boolean =>
  grantableRoles(me.role).length > 0 && target._id !== me.id && rank(target.role) < rank(me.role);
