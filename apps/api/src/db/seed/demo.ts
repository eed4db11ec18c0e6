import type { TDeliveryStatus, TDeliveryType, TPackageSize, TPackageType, TRole } from '@courier/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client.js';
import { deliveries, driverLocations, feedback, users } from '../schema/index.js';
import type { FileStorage } from '../../platform/storage.js';
import { seedShowcase } from './demo-showcase.js';
import { createDelivery, createUser } from './factories.js';

export const DEMO_ACCOUNTS: Array<{ role: TRole; email: string; password: string; firstName: string; lastName: string }> = [
  { role: 'SUPER_ADMIN', email: 'superadmin@medcourier.example', password: 'Super#Admin2026', firstName: 'Sam', lastName: 'Okafor' },
  { role: 'ADMIN', email: 'admin@medcourier.example', password: 'Admin#Courier2026', firstName: 'Priya', lastName: 'Raman' },
  { role: 'MANAGER', email: 'manager@medcourier.example', password: 'Manager#Courier2026', firstName: 'Diego', lastName: 'Alvarez' },
  { role: 'STAFF', email: 'dispatch@medcourier.example', password: 'Dispatch#Courier2026', firstName: 'Hannah', lastName: 'Cole' },
  { role: 'DRIVER', email: 'driver@medcourier.example', password: 'Driver#Courier2026', firstName: 'Marcus', lastName: 'Bell' },
  { role: 'CUSTOMER', email: 'clinic@medcourier.example', password: 'Clinic#Courier2026', firstName: 'Elena', lastName: 'Novak' },
];

const PLACES = [
  '55 Fruit St, Boston, MA 02114',
  '330 Brookline Ave, Boston, MA 02215',
  '75 Francis St, Boston, MA 02115',
  '800 Washington St, Boston, MA 02111',
  '1 Kendall Sq, Cambridge, MA 02139',
  '41 Mall Rd, Burlington, MA 01805',
  '170 Morton St, Jamaica Plain, MA 02130',
  '20 Pond Ave, Brookline, MA 02445',
  '235 Wyman St, Waltham, MA 02451',
  '100 Main St, Worcester, MA 01608',
];
const RECIPIENTS = [
  'Dr. Maya Chen',
  'Central Lab Intake',
  'Northside Pharmacy',
  'Ward 4B Nursing Station',
  'Dr. Omar Haddad',
  'Radiology Front Desk',
];
const PACKAGES: TPackageType[] = ['MEDICATION', 'DOCUMENT', 'MEDICAL_SUPPLIES', 'PARCEL', 'EQUIPMENT', 'OTHER'];
const SIZES: TPackageSize[] = ['small', 'medium', 'small', 'large', 'extra_large'];
const TYPES: TDeliveryType[] = ['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY'];
/** Today's work, so each role has something to do: what dispatch approves, assigns, and what the driver runs. */
const TODAYS_WORK: Array<{ status: TDeliveryStatus; driver?: 'DRIVER' | 'SECOND_DRIVER'; dueInHours: number }> = [
  { status: 'pending', dueInHours: 3 },
  { status: 'pending', dueInHours: 0.4 },
  { status: 'pending', dueInHours: 26 },
  { status: 'approved', dueInHours: 2 },
  { status: 'approved', dueInHours: 5 },
  { status: 'assigned', driver: 'DRIVER', dueInHours: 1.5 },
  { status: 'assigned', driver: 'DRIVER', dueInHours: 4 },
  { status: 'moving_to_pickup_location', driver: 'DRIVER', dueInHours: 1 },
  { status: 'picked_up', driver: 'DRIVER', dueInHours: 2.5 },
  { status: 'in_transit', driver: 'DRIVER', dueInHours: 0.75 },
  { status: 'assigned', driver: 'SECOND_DRIVER', dueInHours: 3 },
  { status: 'in_transit', driver: 'SECOND_DRIVER', dueInHours: 1 },
];
/** The past fortnight: mostly delivered (some rated), a few cancelled. */
const HISTORY = 24;
const SECOND_DRIVER = { email: 'driver2@medcourier.example', password: 'Driver#Courier2026', firstName: 'Ana', lastName: 'Ruiz' };

/** Each demo account its own phone (617-555-01xx, the range kept for fiction). */
const PHONES: Record<string, string> = {
  SUPER_ADMIN: '+16175550121',
  ADMIN: '+16175550122',
  MANAGER: '+16175550124',
  STAFF: '+16175550125',
  DRIVER: '+16175550126',
  CUSTOMER: '+16175550123',
  SECOND_DRIVER: '+16175550127',
};

/**
 * Demo accounts (one per role, and a second driver), a fortnight of finished deliveries and today's work
 * for every role: requests to approve, approved ones to assign, and jobs on the demo driver's phone; and the
 * showcase (demo-showcase.ts): STAT, cold chain, specimens, a hold, a rejection, proofs, a standing order, a
 * planned day. Proof photos and signatures are written to `storage` when given. Running it twice adds nothing.
 */
export async function seedDemo(db: Db, now = new Date(), storage?: FileStorage) {
  const made: Record<string, string> = {};
  const ensure = async (key: string, account: { email: string; password: string; firstName: string; lastName: string; role: TRole }) => {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    made[key] =
      existing?.id ??
      (
        await createUser(db, {
          ...account,
          phone: PHONES[key],
          address: '200 Longwood Ave, Boston, MA 02115',
          createdAt: new Date('2025-09-15T14:00:00Z'),
        })
      ).user.id;
  };
  for (const account of DEMO_ACCOUNTS) await ensure(account.role, account);
  await ensure('SECOND_DRIVER', { ...SECOND_DRIVER, role: 'DRIVER' });
  // Working hours for route planning: a day shift from the home base, where none is set yet.
  await db
    .update(users)
    .set({ shiftStart: '08:00', shiftEnd: '17:00', shiftStartPlace: 'base' })
    .where(and(inArray(users.id, [made.DRIVER, made.SECOND_DRIVER]), isNull(users.shiftStart)));
  const customerId = made.CUSTOMER;
  const [already] = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.customerId, customerId)).limit(1);
  if (already) return DEMO_ACCOUNTS;
  const common = (i: number) => ({
    customerId,
    pickupAddress: PLACES[i % PLACES.length],
    deliveryAddress: PLACES[(i * 3 + 1) % PLACES.length],
    recipientName: RECIPIENTS[i % RECIPIENTS.length],
    recipientEmail: `recipient${i}@example.test`,
    recipientPhone: `+1617555${String(140 + (i % 30)).padStart(4, '0')}`,
    senderPhone: PHONES.CUSTOMER,
    packageType: PACKAGES[i % PACKAGES.length],
    packageSize: SIZES[i % SIZES.length],
    deliveryType: TYPES[i % TYPES.length],
    specialInstructions: i % 3 === 0 ? 'Keep refrigerated (2-8 °C). Hand to pharmacist on duty.' : '',
  });
  for (let i = 0; i < HISTORY; i++) {
    const createdAt = new Date(now.getTime() - (HISTORY - i) * 13 * 3_600_000);
    const status: TDeliveryStatus = i % 6 === 5 ? 'cancelled' : 'delivered';
    const d = await createDelivery(db, {
      ...common(i),
      status,
      driverId: status === 'delivered' ? (i % 2 ? made.DRIVER : made.SECOND_DRIVER) : null,
      createdAt,
      requiredBy: new Date(createdAt.getTime() + 8 * 3_600_000),
      stepMinutes: 40,
    });
    if (status === 'delivered' && i % 3 !== 2) {
      await db
        .insert(feedback)
        .values({ deliveryId: d.id, rating: 3 + (i % 3), comment: i % 2 ? 'On time and careful.' : '', createdAt: d.updatedAt });
    }
  }
  for (const [j, work] of TODAYS_WORK.entries()) {
    const i = HISTORY + j;
    const createdAt = new Date(now.getTime() - (TODAYS_WORK.length - j) * 10 * 60_000);
    await createDelivery(db, {
      ...common(i),
      status: work.status,
      driverId: work.driver ? made[work.driver] : null,
      createdAt,
      requiredBy: new Date(now.getTime() + work.dueInHours * 3_600_000),
      stepMinutes: 2,
    });
  }
  await seedShowcase(db, made, now, storage);
  // Where the drivers were last seen, for the console's driver list.
  for (const [key, at] of [
    ['DRIVER', { lat: 42.3467, lng: -71.0972 }],
    ['SECOND_DRIVER', { lat: 42.3736, lng: -71.1097 }],
  ] as const) {
    await db
      .insert(driverLocations)
      .values({ driverId: made[key], ...at, label: 'Boston, MA', updatedAt: now })
      .onConflictDoNothing();
  }
  return DEMO_ACCOUNTS;
}
