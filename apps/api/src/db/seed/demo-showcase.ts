import { FINAL_STATUSES, type TPlannedRoute, ZStandingOrderDeliveryFields } from '@courier/contract';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { setPlannedStops } from '../../modules/deliveries/set-planned-stops.js';
import type { FileStorage } from '../../platform/storage.js';
import type { Db } from '../client.js';
import { deliveries, proofsOfDelivery, routePlans, standingOrders, storedFiles, temperatureReadings, users } from '../schema/index.js';
import { demoPhotoJpeg, demoSignaturePng } from './demo-images.js';
import { createDelivery, createUser } from './factories.js';

const HOUR = 3_600_000;
const MIN = 60_000;
export const DEMO_CLINIC_ORGANISATION = 'Back Bay Family Clinic';
export const DEMO_LAB = { email: 'lab@medcourier.example', organisation: 'Longwood Reference Lab' };

interface Made {
  [key: string]: string;
}

/** A delivered job's proof: a photo and a signature written to storage as real image files. */
async function addProof(
  db: Db,
  storage: FileStorage,
  d: { id: string; customerId: string; orderId: string; updatedAt: Date },
  driverId: string,
  recipientName: string,
) {
  const file = async (bytes: Buffer, ext: 'jpg' | 'png', kind: 'pod_photo' | 'pod_signature') => {
    const path = await storage.put(bytes, ext);
    const [row] = await db
      .insert(storedFiles)
      .values({
        ownerId: d.customerId,
        kind,
        contentType: ext === 'jpg' ? 'image/jpeg' : 'image/png',
        size: bytes.length,
        path,
        createdAt: d.updatedAt,
      })
      .returning({ id: storedFiles.id });
    return row.id;
  };
  await db.insert(proofsOfDelivery).values({
    deliveryId: d.id,
    photoFileId: await file(await demoPhotoJpeg(d.orderId), 'jpg', 'pod_photo'),
    signatureFileId: await file(await demoSignaturePng(), 'png', 'pod_signature'),
    recipientName,
    notes: 'Left with the front desk.',
    capturedBy: driverId,
    capturedAt: d.updatedAt,
  });
}

/**
 * What the product does, in the demo: a lab customer (organisation named) with a STAT refrigerated UN3373
 * specimen on its way, a frozen parcel on hold after an excursion, a controlled medication delivered with proof
 * and a specimen the lab rejected; photo-and-signature proof on the clinic's recent deliveries; a standing order;
 * and today's planned routes (an applied plan). Added once, beside the clinic's own counts, which stay as they were.
 */
export async function seedShowcase(db: Db, made: Made, now: Date, storage?: FileStorage) {
  await db
    .update(users)
    .set({ organisation: DEMO_CLINIC_ORGANISATION })
    .where(and(eq(users.id, made.CUSTOMER), eq(users.organisation, '')));
  const lab = (
    await createUser(db, {
      email: DEMO_LAB.email,
      password: 'Lab#Courier2026',
      firstName: 'Grace',
      lastName: 'Whitfield',
      phone: '+16175550131',
      address: '330 Brookline Ave, Boston, MA 02215',
      accountType: 'medical_laboratory',
      createdAt: new Date('2025-10-01T14:00:00Z'),
    })
  ).user;
  await db.update(users).set({ organisation: DEMO_LAB.organisation }).where(eq(users.id, lab.id));
  const fromLab = {
    customerId: lab.id,
    senderPhone: '+16175550131',
    pickupAddress: '330 Brookline Ave, Boston, MA 02215',
    stepMinutes: 20,
  };
  // A STAT refrigerated UN3373 specimen, approved and given to the second driver.
  await createDelivery(db, {
    ...fromLab,
    status: 'assigned',
    driverId: made.SECOND_DRIVER,
    deliveryAddress: '75 Francis St, Boston, MA 02115',
    recipientName: 'Core Lab Receiving',
    recipientPhone: '+16175550171',
    packageType: 'SPECIMEN',
    deliveryType: 'EXPRESS',
    createdAt: new Date(now.getTime() - 40 * MIN),
    requiredBy: new Date(now.getTime() + 50 * MIN),
    handling: {
      priority: 'stat',
      temperature: 'refrigerated',
      specimenCategory: 'UN3373',
      specimenCollectedAt: new Date(now.getTime() - HOUR),
      specimenStableHours: 6,
      stabilityDeadline: new Date(now.getTime() + 5 * HOUR),
      approvedAt: new Date(now.getTime() - 20 * MIN),
    },
  });
  // A frozen parcel on hold: its last reading was out of range; a manager records the disposition.
  const held = await createDelivery(db, {
    ...fromLab,
    status: 'in_transit',
    driverId: made.SECOND_DRIVER,
    deliveryAddress: '1 Kendall Sq, Cambridge, MA 02139',
    recipientName: 'Kendall Biobank',
    recipientPhone: '+16175550172',
    packageType: 'SPECIMEN',
    deliveryType: 'SAME_DAY',
    createdAt: new Date(now.getTime() - 3 * HOUR),
    requiredBy: new Date(now.getTime() + 3 * HOUR),
    handling: {
      temperature: 'frozen',
      specimenCategory: 'exempt',
      holdReason: 'temperature',
      holdSince: new Date(now.getTime() - 25 * MIN),
    },
  });
  await db.insert(temperatureReadings).values([
    {
      deliveryId: held.id,
      celsius: -19.5,
      at: new Date(now.getTime() - 90 * MIN),
      source: 'probe',
      inRange: true,
      recordedBy: made.SECOND_DRIVER,
    },
    {
      deliveryId: held.id,
      celsius: -6.5,
      at: new Date(now.getTime() - 25 * MIN),
      source: 'probe',
      inRange: false,
      recordedBy: made.SECOND_DRIVER,
    },
  ]);
  // Yesterday: a controlled medication delivered with proof, and a specimen the receiving lab rejected.
  const yesterday = new Date(now.getTime() - 26 * HOUR);
  const controlled = await createDelivery(db, {
    ...fromLab,
    status: 'delivered',
    driverId: made.DRIVER,
    deliveryAddress: '800 Washington St, Boston, MA 02111',
    recipientName: 'Northside Pharmacy',
    recipientPhone: '+16175550173',
    packageType: 'MEDICATION',
    createdAt: yesterday,
    requiredBy: new Date(yesterday.getTime() + 4 * HOUR),
    handling: { controlledSubstance: true, temperature: 'controlled_room' },
  });
  const rejected = await createDelivery(db, {
    ...fromLab,
    status: 'delivered',
    driverId: made.SECOND_DRIVER,
    deliveryAddress: '55 Fruit St, Boston, MA 02114',
    recipientName: 'Pathology Intake',
    recipientPhone: '+16175550174',
    packageType: 'SPECIMEN',
    createdAt: new Date(yesterday.getTime() + HOUR),
    requiredBy: new Date(yesterday.getTime() + 5 * HOUR),
    handling: {
      specimenCategory: 'UN3373',
      temperature: 'refrigerated',
      receiptStatus: 'rejected',
      receiptReason: 'leaking',
      receiptReceivedBy: 'Pathology intake desk',
      receiptReceivedAt: new Date(yesterday.getTime() + 3 * HOUR),
    },
  });
  if (storage) {
    await addProof(db, storage, controlled, made.DRIVER, 'R. Okafor (pharmacist)');
    await addProof(db, storage, rejected, made.SECOND_DRIVER, 'Pathology intake desk');
    // The clinic's latest delivered jobs carry a photo and a signature too.
    const recent = await db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.customerId, made.CUSTOMER), eq(deliveries.status, 'delivered')))
      .orderBy(asc(deliveries.createdAt));
    for (const d of recent.slice(-4)) await addProof(db, storage, d, d.driverId ?? made.DRIVER, d.recipientName);
  }
  await seedStandingOrder(db, made.CUSTOMER, now);
  await planToday(db, [made.DRIVER, made.SECOND_DRIVER], made.ADMIN ?? made.SUPER_ADMIN, now);
}

/** The clinic's weekday lab run: a UN3373 specimen collected at 09:00, required by 16:00, from next week. */
async function seedStandingOrder(db: Db, customerId: string, now: Date) {
  const template = ZStandingOrderDeliveryFields.parse({
    senderPhone: '+16175550130',
    pickupAddress: '200 Longwood Ave, Boston, MA 02115',
    recipientName: 'Core Lab Receiving',
    recipientPhone: '+16175550175',
    recipientEmail: 'core.lab@example.test',
    deliveryAddress: '75 Francis St, Boston, MA 02115',
    packageType: 'SPECIMEN',
    packageSize: 'small',
    deliveryType: 'SAME_DAY',
    temperature: 'refrigerated',
    specimen: { category: 'UN3373', collectionTime: '09:00', stableForHours: 12 },
  });
  const startsOn = new Date(now.getTime() + 7 * 24 * HOUR).toISOString().slice(0, 10);
  await db.insert(standingOrders).values({
    customerId,
    template: JSON.parse(JSON.stringify(template)),
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    time: '16:00',
    startsOn,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Today's planned routes, applied: each driver's open jobs in required-by order (the order they already show),
 * a pickup before each drop not yet picked up, 15 minutes apart, stored as an applied plan.
 */
async function planToday(db: Db, driverIds: string[], plannerId: string, now: Date) {
  const routes: TPlannedRoute[] = [];
  const jobs = [];
  for (const driverId of driverIds) {
    const [driver] = await db.select().from(users).where(eq(users.id, driverId));
    const open = await db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.driverId, driverId), notInArray(deliveries.status, [...FINAL_STATUSES, 'returning'])))
      .orderBy(asc(deliveries.requiredBy));
    let at = now.getTime() + 10 * MIN;
    const stops: TPlannedRoute['stops'] = [];
    const order: { deliveryId: string; arrival: Date }[] = [];
    for (const d of open) {
      jobs.push({ deliveryId: d.id, status: d.status, driverId: d.driverId, updatedAt: d.updatedAt.toISOString() });
      const stop = (kind: 'pickup' | 'dropoff', lat: number | null, lng: number | null, address: string) => {
        stops.push({
          deliveryId: d.id,
          trackingNumber: d.orderId,
          kind,
          lat: lat ?? 42.36,
          lng: lng ?? -71.06,
          address,
          arrival: new Date(at).toISOString(),
          departure: new Date(at + 5 * MIN).toISOString(),
          priority: d.priority === 'stat' ? 'stat' : 'routine',
        });
        if (!order.some((o) => o.deliveryId === d.id)) order.push({ deliveryId: d.id, arrival: new Date(at) });
        at += 15 * MIN;
      };
      if (['assigned', 'moving_to_pickup_location'].includes(d.status)) stop('pickup', d.pickupLat, d.pickupLng, d.pickupAddress);
      stop('dropoff', d.deliveryLat, d.deliveryLng, d.deliveryAddress);
    }
    routes.push({
      driverId,
      driverName: `${driver.firstName} ${driver.lastName}`,
      departure: new Date(now.getTime()).toISOString(),
      returnTime: new Date(at + 15 * MIN).toISOString(),
      travelSeconds: stops.length * 12 * 60,
      stops,
    });
    await setPlannedStops(db, driverId, order);
  }
  if (!jobs.length) return;
  await db.insert(routePlans).values({
    kind: 'plan',
    planDate: now.toISOString().slice(0, 10),
    input: { now: now.toISOString(), driverIds, reassign: false, jobs },
    routes,
    unassigned: [],
    travelSeconds: routes.reduce((sum, r) => sum + r.travelSeconds, 0),
    createdBy: plannerId,
    createdAt: new Date(now.getTime() - 5 * MIN),
    appliedAt: now,
    appliedBy: plannerId,
  });
}
