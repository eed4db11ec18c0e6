import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import {
  DELIVERY_STATUSES,
  ROLE_IDS,
  type TAccountType,
  type TDeliveryStatus,
  type TDeliveryType,
  type TPackageSize,
  type TPackageType,
  type TPieceRequest,
  type TPieceStatus,
  type TRole,
} from '@courier/contract';
import { ARGON2_OPTIONS } from '../bootstrap.js';
import type { Db } from '../client.js';
import { customerAccounts, deliveries, deliveryAttempts, deliveryPieces, users } from '../schema/index.js';
import { bookedPieceRows } from '../../modules/deliveries/book-pieces.js';
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
  /** A customer joins this account (as `accountRole`, default member); without it a customer opens their own. */
  accountId?: string;
  accountRole?: 'owner' | 'member';
  organisation?: string;
}

/** A user with a real argon2id hash; returns the row and its plain password. */
export async function createUser(db: Db, input: UserFactoryInput = {}) {
  const password = input.password ?? 'Courier#2026';
  const role = input.role ?? 'CUSTOMER';
  const email = (input.email ?? `user-${unique()}@example.test`).toLowerCase();
  const firstName = input.firstName ?? 'Alex';
  const lastName = input.lastName ?? 'Morgan';
  const address = input.address ?? '55 Fruit St, Boston, MA 02114';
  // A customer belongs to an account: the one given, else one of their own (as sign-up opens it).
  let account: { accountId: string; accountRole: 'owner' | 'member' } | null = null;
  if (role === 'CUSTOMER') {
    if (input.accountId) {
      account = { accountId: input.accountId, accountRole: input.accountRole ?? 'member' };
    } else {
      const [own] = await db
        .insert(customerAccounts)
        .values({ name: input.organisation || `${firstName} ${lastName}`, billingEmail: email, billingAddress: address })
        .returning({ id: customerAccounts.id });
      account = { accountId: own.id, accountRole: 'owner' };
    }
  }
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hash(password, ARGON2_OPTIONS),
      firstName,
      lastName,
      phone: input.phone ?? '+16175550100',
      address,
      accountType: input.accountType === undefined ? (role === 'CUSTOMER' ? 'hospital_clinic' : null) : input.accountType,
      organisation: input.organisation ?? '',
      roleId: ROLE_IDS[role],
      emailVerifiedAt: input.verified === false ? null : new Date(),
      ...(account ?? {}),
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
  /** The pieces as a booking lists them; without, one of the package type's kind. */
  pieces?: TPieceRequest[];
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
    const [booker] = await tx.select({ accountId: users.accountId }).from(users).where(eq(users.id, input.customerId));
    if (!booker?.accountId) throw new Error(`createDelivery: ${input.customerId} is not a customer with an account`);
    const [delivery] = await tx
      .insert(deliveries)
      .values({
        orderId: newOrderId(),
        customerId: input.customerId,
        accountId: booker.accountId,
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
    const pieceStatus: TPieceStatus = ['picked_up', 'in_transit', 'failed_attempt', 'returning'].includes(status)
      ? 'picked_up'
      : status === 'delivered' || status === 'returned'
        ? 'delivered'
        : 'booked';
    await tx.insert(deliveryPieces).values(
      bookedPieceRows(delivery, { packageType: delivery.packageType as TPackageType, pieces: input.pieces }, createdAt).map((p) => ({
        ...p,
        status: pieceStatus,
      })),
    );
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

/** A fixed pseudo-random sequence (a linear congruential one), so every run seeds the same day. */
export function seededRandom(seed = 42): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * A day for the route planner: `count` approved same-day jobs of one customer, each with its own pickup and drop
 * around Boston and a deadline 2 to 9 hours after `now`, inserted 250 at a time.
 */
export async function seedPlanningDay(
  db: Db,
  owner: { customerId: string; accountId: string },
  count: number,
  now: Date,
  random: () => number,
): Promise<void> {
  const aroundBoston = () => ({ lat: 42.25 + random() * 0.2, lng: -71.2 + random() * 0.25 });
  const rows = Array.from({ length: count }, () => {
    const [pickup, drop] = [aroundBoston(), aroundBoston()];
    return {
      orderId: newOrderId(),
      customerId: owner.customerId,
      accountId: owner.accountId,
      senderPhone: '+16175550100',
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      pickupLat: pickup.lat,
      pickupLng: pickup.lng,
      recipientName: 'Jordan Lee',
      recipientPhone: '+16175550199',
      recipientEmail: 'jordan.lee@example.test',
      deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
      deliveryLat: drop.lat,
      deliveryLng: drop.lng,
      requiredBy: new Date(now.getTime() + (2 + random() * 7) * 3_600_000),
      packageType: 'MEDICATION',
      packageSize: 'small',
      deliveryType: 'SAME_DAY',
      status: 'approved' as const,
      approvedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += 250) await db.insert(deliveries).values(rows.slice(i, i + 250));
}
