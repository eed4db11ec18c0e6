import { ROLES, type TDeliveryStatus, type TRole } from '@courier/contract';
import sharp from 'sharp';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import type { TestApp } from '../../test/test-app.js';

/** Test helpers for the operations features (not a test file itself). */

export type Person = { id: string; roleId: string; email: string; role: TRole; auth: { authorization: string } };

/** One account per role, plus a second driver, each with a Bearer header. */
export async function crew(t: TestApp) {
  const make = async (role: TRole, tag = role.toLowerCase()) => {
    const { user } = await createUser(t.db, { role, email: `${tag}-${Math.random().toString(36).slice(2, 8)}@crew.test`, firstName: tag });
    return { id: user.id, roleId: user.roleId, email: user.email, role, auth: await t.bearer(user) } satisfies Person;
  };
  const byRole = {} as Record<TRole, Person>;
  for (const role of ROLES) byRole[role] = await make(role);
  return { ...byRole, otherDriver: await make('DRIVER', 'driver2'), otherCustomer: await make('CUSTOMER', 'customer2') };
}
export type Crew = Awaited<ReturnType<typeof crew>>;

/** A delivery of `customerId` already in `status` (with its custody chain), driven by `driverId` where it has a driver. */
export async function deliveryIn(t: TestApp, status: TDeliveryStatus, customerId: string, driverId: string | null, extra = {}) {
  const driven = !['pending', 'approved', 'cancelled'].includes(status);
  return createDelivery(t.db, { customerId, status, driverId: driven ? driverId : null, ...extra });
}

export const signaturePng = () =>
  sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();

export function proofForm(fields: Record<string, string>, files: { photo?: Buffer; signature?: Buffer } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (files.photo) form.append('photo', new Blob([new Uint8Array(files.photo)], { type: 'image/jpeg' }), 'photo.jpg');
  if (files.signature) form.append('signature', new Blob([new Uint8Array(files.signature)], { type: 'image/png' }), 'signature.png');
  return form;
}
