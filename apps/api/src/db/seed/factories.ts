import { hash } from '@node-rs/argon2';
import {
  DELIVERY_STATUSES,
  ROLE_IDS,
  type TAccountType,
  type TDeliveryStatus,
  type TDeliveryType,
  type TPackageSize,
  type TPackageType,
  type TRole,
} from '@courier/contract';
import { ARGON2_OPTIONS } from '../bootstrap.js';
import type { Db } from '../client.js';
import { deliveries, deliveryAttempts, users } from '../schema/index.js';
import { appendCustodyEvent } from '../../modules/deliveries/custody.js';
import { newOrderId } from '../../modules/deliveries/order-id.js';
import { createOfflineGeocoder } from '../../platform/geocoder/index.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface UserFactoryInput {
  role?: TRole;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: string;
  accountType?: TAccountType | null;
  verified?: boolean;
  createdAt?: Date;
}

/** A user with a real argon2id hash; returns the row and its plain password. */
export async function createUser(db: Db, input: UserFactoryInput = {}) {
  const password = input.password ?? 'Courier#2026';
  const role = input.role ?? 'CUSTOMER';
  const [user] = await db
    .insert(users)
    .values({
      email: (input.email ?? `user-${unique()}@example.test`).toLowerCase(),
      passwordHash: await hash(password, ARGON2_OPTIONS),
      firstName: input.firstName ?? 'Alex',
      lastName: input.lastName ?? 'Morgan',
      phone: input.phone ?? '+16175550100',
      address: input.address ?? '55 Fruit St, Boston, MA 02114',
      accountType: input.accountType === undefined ? (role === 'CUSTOMER' ? 'hospital_clinic' : null) : input.accountType,
      roleId: ROLE_IDS[role],
      emailVerifiedAt: input.verified === false ? null : new Date(),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return { user, password };
}

/** The path a delivery takes to reach a status; cancelled leaves from pending; a return follows one failed attempt. */
export function statusPath(target: TDeliveryStatus): TDeliveryStatus[] {
  if (target === 'cancelled') return ['pending', 'cancelled'];
  const flow = DELIVERY_STATUSES.filter((s) => s !== 'cancelled');
  const drive = flow.slice(0, flow.indexOf('in_transit') + 1);
  const exception = ['failed_attempt', 'returning', 'returned'] as const;
  const at = (exception as readonly TDeliveryStatus[]).indexOf(target);
  if (at >= 0) return [...drive, ...exception.slice(0, at + 1)];
  return flow.slice(0, flow.indexOf(target) + 1);
}

export interface DeliveryFactoryInput {
  customerId: string;
  senderPhone?: string;
  status?: TDeliveryStatus;
  driverId?: string | null;
  pickupAddress?: string;
  deliveryAddress?: string;
  recipientName?: string;
  recipientPhone?: string;
  recipientEmail?: string;
  packageType?: TPackageType;
  packageSize?: TPackageSize;
  deliveryType?: TDeliveryType;
  specialInstructions?: string;
  requiredBy?: Date;
  createdAt?: Date;
  /** Minutes between successive custody events. */
  stepMinutes?: number;
  /** Medical handling columns (priority, temperature, specimen, controlled substance, approval time). */
  handling?: Partial<
    Pick<
      typeof deliveries.$inferInsert,
      | 'priority'
      | 'temperature'
      | 'specimenCategory'
      | 'specimenCollectedAt'
      | 'specimenStableHours'
      | 'stabilityDeadline'
      | 'controlledSubstance'
      | 'approvedAt'
      | 'holdReason'
      | 'holdSince'
      | 'receiptStatus'
      | 'receiptReason'
      | 'receiptReceivedBy'
      | 'receiptReceivedAt'
    >
  >;
}

const geocoder = createOfflineGeocoder();

/** A delivery with its whole custody chain up to the wanted status, geocoded offline. */
export async function createDelivery(db: Db, input: DeliveryFactoryInput) {
  const status = input.status ?? 'pending';
  const createdAt = input.createdAt ?? new Date();
  const step = (input.stepMinutes ?? 30) * 60_000;
  const pickupAddress = input.pickupAddress ?? '55 Fruit St, Boston, MA 02114';
  const deliveryAddress = input.deliveryAddress ?? '330 Brookline Ave, Boston, MA 02215';
  const [pickup, drop] = await Promise.all([geocoder.geocode(pickupAddress), geocoder.geocode(deliveryAddress)]);
  const path = statusPath(status);
  const requiredBy = input.requiredBy ?? new Date(createdAt.getTime() + 24 * 3_600_000);
  return db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(deliveries)
      .values({
        orderId: newOrderId(),
        customerId: input.customerId,
        senderPhone: input.senderPhone ?? '+16175550100',
        pickupAddress,
        pickupLabel: pickup?.label,
        pickupLat: pickup?.lat,
        pickupLng: pickup?.lng,
        recipientName: input.recipientName ?? 'Jordan Lee',
        recipientPhone: input.recipientPhone ?? '+16175550199',
        recipientEmail: input.recipientEmail ?? 'jordan.lee@example.test',
        deliveryAddress,
        deliveryLabel: drop?.label,
        deliveryLat: drop?.lat,
        deliveryLng: drop?.lng,
        requiredBy,
        packageType: input.packageType ?? 'MEDICATION',
        packageSize: input.packageSize ?? 'small',
        deliveryType: input.deliveryType ?? 'STANDARD',
        specialInstructions: input.specialInstructions ?? '',
        status,
        driverId: input.driverId ?? null,
        estimatedDelivery: requiredBy,
        ...input.handling,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + step * (path.length - 1)),
      })
      .returning();
    for (const [i, s] of path.entries()) {
      // The parcel is at pickup until it leaves, then at the drop-off once delivered (or tried there).
      const here = s === 'delivered' || s === 'failed_attempt' ? drop : s === 'in_transit' || s === 'returning' ? null : pickup;
      const at = new Date(createdAt.getTime() + step * i);
      if (s === 'failed_attempt') {
        await tx.insert(deliveryAttempts).values({
          deliveryId: delivery.id,
          n: 1,
          driverId: input.driverId ?? null,
          reason: 'recipient_absent',
          note: '',
          attemptedAt: at,
          ...(status !== 'failed_attempt' ? { decision: 'return' as const, decidedAt: new Date(at.getTime() + step) } : {}),
        });
      }
      await appendCustodyEvent(tx, {
        deliveryId: delivery.id,
        status: s,
        locationLabel: here?.label ?? (s === 'in_transit' ? 'In transit' : null),
        lat: here?.lat ?? null,
        lng: here?.lng ?? null,
        actorRole: s === 'pending' ? 'CUSTOMER' : ['approved', 'assigned', 'cancelled', 'returning'].includes(s) ? 'STAFF' : 'DRIVER',
        note: s === 'failed_attempt' ? 'Attempt 1 failed [recipient_absent]: Recipient absent' : undefined,
        at,
      });
    }
    return delivery;
  });
}
