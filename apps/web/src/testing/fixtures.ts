import { ROLE_IDS, type TDeliveryDetail } from '@courier/contract';
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
