import type { TDeliveryStatus, TDeliveryType, TPackageSize, TPackageType, TRole } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { deliveries, users } from '../schema/index.js';
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
const STATUSES: TDeliveryStatus[] = [
  'pending',
  'approved',
  'assigned',
  'moving_to_pickup_location',
  'picked_up',
  'in_transit',
  'delivered',
  'cancelled',
];

/** Demo accounts (one per role) and 40 deliveries in every status; running it twice adds nothing. */
export async function seedDemo(db: Db, now = new Date()) {
  const made: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    made[account.role] =
      existing?.id ??
      (
        await createUser(db, {
          ...account,
          phone: '+16175550123',
          address: '200 Longwood Ave, Boston, MA 02115',
          createdAt: new Date('2025-09-15T14:00:00Z'),
        })
      ).user.id;
  }
  const customerId = made.CUSTOMER;
  const [already] = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.customerId, customerId)).limit(1);
  if (!already) {
    for (let i = 0; i < 40; i++) {
      const status = STATUSES[i % STATUSES.length];
      const createdAt = new Date(now.getTime() - (40 - i) * 7 * 3_600_000);
      await createDelivery(db, {
        customerId,
        status,
        driverId: ['assigned', 'moving_to_pickup_location', 'picked_up', 'in_transit', 'delivered'].includes(status) ? made.DRIVER : null,
        pickupAddress: PLACES[i % PLACES.length],
        deliveryAddress: PLACES[(i * 3 + 1) % PLACES.length],
        recipientName: RECIPIENTS[i % RECIPIENTS.length],
        recipientEmail: `recipient${i}@example.test`,
        packageType: PACKAGES[i % PACKAGES.length],
        packageSize: SIZES[i % SIZES.length],
        deliveryType: TYPES[i % TYPES.length],
        specialInstructions: i % 3 === 0 ? 'Keep refrigerated (2-8 °C). Hand to pharmacist on duty.' : '',
        createdAt,
        requiredBy: new Date(createdAt.getTime() + 30 * 3_600_000),
        stepMinutes: 40,
      });
    }
  }
  return DEMO_ACCOUNTS;
}
