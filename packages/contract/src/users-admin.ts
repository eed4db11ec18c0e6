import { z } from 'zod';
import { ZPageQuery, ZPaging } from './paging.js';
import { EMAIL_PATTERN, isValidContactPhone } from './phone.js';
import { ROLE_IDS, ROLES, type TRole } from './roles.js';
import { line } from './text.js';
import { ZDriverShift } from './route-plans.js';

/** Account management (ADMIN and above), under /api/v1/admin/users. */

const isoDate = z.iso.datetime();
const roleIds = Object.values(ROLE_IDS) as [string, ...string[]];
const ZRoleId = z.enum(roleIds, { error: 'Role must be one of the fixed role ids' });

/** Roles an administrator can invite: staff ranks and drivers (customers sign themselves up). */
export const INVITABLE_ROLES: readonly TRole[] = ['ADMIN', 'MANAGER', 'STAFF', 'DRIVER'];
/** How long an invitation link stays valid. */
export const INVITATION_TTL_HOURS = 72;

export const ZManagedUser = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  roleId: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  /** False until the invitation link was used (or the e-mail verified). */
  emailVerified: z.boolean(),
  createdAt: isoDate,
  /** Drivers: working hours for route planning (null: none set); other roles null. */
  shift: ZDriverShift.nullable().optional(),
  /** Drivers: vehicle capacity in units (see PACKAGE_SIZE_UNITS); other roles null. */
  vehicleCapacity: z.number().int().nullable().optional(),
  /** Drivers: units of the vehicle's cold compartment (0: none); other roles null. */
  coldCapacity: z.number().int().nullable().optional(),
  /** Drivers: their skills (DRIVER_SKILLS and any an administrator added); other roles null. */
  skills: z.array(z.string()).nullable().optional(),
});
export type TManagedUser = z.infer<typeof ZManagedUser>;

export const ZUsersQuery = ZPageQuery.extend({
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }).optional(),
  /** Matches name or e-mail. */
  q: line('Search', 100).optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;
export const ZUsersResponse = z.object({ success: z.literal(true), data: z.array(ZManagedUser), paging: ZPaging });
export type TUsersResponse = z.infer<typeof ZUsersResponse>;

export const ZInviteUserRequest = z.object({
  email: line('Email', 254)
    .min(1, 'Email is required')
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Email must be a valid e-mail address' }))
    .transform((e) => e.toLowerCase()),
  firstName: line('First name', 80).min(1, 'First name is required'),
  lastName: line('Last name', 80).min(1, 'Last name is required'),
  phone: line('Phone', 25)
    .refine((p) => p === '' || isValidContactPhone(p), 'Phone must be a valid phone number')
    .optional()
    .default(''),
  roleId: ZRoleId,
});
export type TInviteUserRequest = z.infer<typeof ZInviteUserRequest>;

export const ZUpdateUserRequest = z
  .object({ roleId: ZRoleId.optional(), isActive: z.boolean({ error: 'isActive must be true or false' }).optional() })
  .refine((b) => b.roleId !== undefined || b.isActive !== undefined, { message: 'Give roleId or isActive', path: ['roleId'] });
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

export const ZManagedUserResponse = z.object({ success: z.literal(true), message: z.string(), data: ZManagedUser });
export type TManagedUserResponse = z.infer<typeof ZManagedUserResponse>;
