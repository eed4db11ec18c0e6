import {
  ROLE_IDS,
  ROUTINE_HANDLING,
  type TAdminDelivery,
  type TDeliveryDetail,
  type TDriverJob,
  type TStandingOrder,
} from '@courier/contract';
import type { TSessionUser } from '@/lib/session';

/** A customer's account as GET /v1/auth/me answers it: Elena Novak of a pharmacy. Spread it and override what a test needs. */
export const customerAccount = {
  _id: 'u1',
  firstName: 'Elena',
  lastName: 'Novak',
  email: 'elena@clinic.org',
  phone: '+16175550123',
  address: '55 Fruit St, Boston, MA 02114',
  accountType: 'pharmacy',
  picture: null,
  roleId: ROLE_IDS.CUSTOMER,
  createdAt: '2026-01-05T10:00:00.000Z',
  isDeleted: false,
  emailVerified: true,
  notificationPreferences: { emailUpdates: true, smsUpdates: false, marketingEmails: false },
} satisfies TSessionUser;

/** A delivery's fields nothing has filled yet: no coordinates, image, label, proof, attempt, return or standing order. */
export const untouchedDelivery = {
  pickupCoords: null,
  deliveryCoords: null,
  packageImage: null,
  shippingLabel: null,
  pod: null,
  attempts: [],
  returnProof: null,
  standingOrderId: null,
} satisfies Partial<TDeliveryDetail>;

/** A customer's standing order: weekdays at 16:00 from 2 March 2026, of a UN3373 specimen collected at 09:00. */
export const specimenStandingOrder = (over: Partial<TStandingOrder> = {}): TStandingOrder => ({
  _id: 's1',
  status: 'active',
  schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00' },
  timeZone: 'America/New_York',
  startsOn: '2026-03-02',
  endsOn: null,
  delivery: {
    recipientName: 'Core Lab',
    packageType: 'SPECIMEN',
    specimen: { category: 'UN3373', collectionTime: '09:00', stableForHours: 12 },
  },
  preApproved: false,
  nextOccurrences: [],
  skippedDates: [],
  customer: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...over,
});

const person = { _id: 'c1', name: 'Elena Novak', email: 'e@x.test', phone: '+16175550123' };
/** A pharmacy's late, pending medication request as the dispatch console reads it. Override what a test needs. */
export const adminDelivery = (over: Partial<TAdminDelivery> = {}): TAdminDelivery => ({
  ...ROUTINE_HANDLING,
  _id: 'd1',
  orderId: 'MC0000000001',
  senderPhone: '+16175550100',
  pickupAddress: '55 Fruit St, Boston, MA',
  recipientName: 'Dr. Maya Chen',
  recipientPhone: '+16175550199',
  recipientEmail: 'r@x.test',
  deliveryAddress: '330 Brookline Ave, Boston, MA',
  requiredBy: new Date(Date.now() - 12 * 60_000).toISOString(),
  packageType: 'MEDICATION',
  packageSize: 'small',
  deliveryType: 'EXPRESS',
  specialInstructions: '',
  status: 'pending',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  estimatedDelivery: null,
  ...untouchedDelivery,
  trackingUrl: '',
  customer: { ...person, organisation: '' },
  driver: null,
  isLate: true,
  decisionLate: false,
  canReattempt: false,
  currentLocation: null,
  currentCoords: null,
  cancelReason: null,
  ...over,
});

/** A driver's job as GET /v1/driver/deliveries answers it: a medication from Northside Pharmacy, assigned. */
export const driverJob = (over: Partial<TDriverJob> = {}): TDriverJob => ({
  ...ROUTINE_HANDLING,
  _id: 'j1',
  orderId: 'MC0000000001',
  status: 'assigned',
  nextStatus: 'moving_to_pickup_location',
  routeOrder: 1,
  senderName: 'Northside Pharmacy',
  senderPhone: '+16175550100',
  pickupAddress: '55 Fruit St, Boston, MA',
  pickupCoords: null,
  recipientName: 'Dr. Maya Chen',
  recipientPhone: '+16175550199',
  deliveryAddress: '330 Brookline Ave, Boston, MA',
  deliveryCoords: null,
  requiredBy: null,
  packageType: 'MEDICATION',
  packageSize: 'small',
  deliveryType: 'EXPRESS',
  specialInstructions: '',
  requiresSignature: true,
  pod: null,
  attempts: [],
  collectFrom: null,
  plannedArrival: null,
  plannedOrder: null,
  ...over,
});
