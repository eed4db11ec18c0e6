export const DELIVERY_STATUSES = [
  'pending',
  'approved',
  'assigned',
  'moving_to_pickup_location',
  'picked_up',
  'in_transit',
  'delivered',
  'failed_attempt',
  'returning',
  'returned',
  'cancelled',
] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Dashboard groups: active (on its way), pending (awaiting approval), and so on. */
export const ACTIVE_STATUSES: readonly TDeliveryStatus[] = [
  'assigned',
  'picked_up',
  'in_transit',
  'moving_to_pickup_location',
  // An exception is still under way: the parcel is on board, waiting for a second attempt or going back.
  'failed_attempt',
  'returning',
];
export const COMPLETED_STATUSES: readonly TDeliveryStatus[] = ['delivered'];
/** Not yet on its way: awaiting approval, or approved and awaiting a driver. */
export const PENDING_STATUSES: readonly TDeliveryStatus[] = ['pending', 'approved'];
/** The profile page counts only these as active. */
export const PROFILE_ACTIVE_STATUSES: readonly TDeliveryStatus[] = ['assigned', 'in_transit'];

export type TStatusActor = 'staff' | 'driver' | 'owner';
/** The only list of moves: who (staff, driver, owner) may move a delivery from one status to the next; every guard and button derives from it. */
export const STATUS_TRANSITIONS: Record<TDeliveryStatus, Partial<Record<TDeliveryStatus, TStatusActor[]>>> = {
  pending: { approved: ['staff'], cancelled: ['owner', 'staff'] },
  approved: { assigned: ['staff'], cancelled: ['staff'] },
  assigned: { assigned: ['staff'], moving_to_pickup_location: ['driver'], cancelled: ['staff'] },
  moving_to_pickup_location: { picked_up: ['driver'] },
  // After pickup a cancel (or a disposition) sends the parcel back: returning, never a silent cancelled.
  // Staff may hand a parcel on board to another driver (assigned), who collects it from the first with a scan.
  picked_up: { in_transit: ['driver'], assigned: ['staff'], returning: ['staff'] },
  in_transit: { delivered: ['driver'], failed_attempt: ['driver'], assigned: ['staff'], returning: ['staff'] },
  // Staff decide: the same driver tries again (in_transit), another driver collects it (assigned), or it goes back.
  failed_attempt: { in_transit: ['staff'], assigned: ['staff'], returning: ['staff'] },
  // The hand-back to the sender, with proof, through the proof-of-delivery call.
  returning: { returned: ['driver'] },
  delivered: {},
  returned: {},
  cancelled: {},
};

export function canMoveStatus(from: TDeliveryStatus, to: TDeliveryStatus, actor: TStatusActor): boolean {
  return STATUS_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The one set of words for a status, wherever it shows (badges, timelines, filters, exports, the PDF). */
export const STATUS_LABELS: Record<TDeliveryStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  assigned: 'Assigned',
  moving_to_pickup_location: 'Moving to pickup',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  delivered: 'Delivered',
  failed_attempt: 'Failed attempt',
  returning: 'Returning',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** For display: a status's words; any other code (a role, a group) lower-cased with underscores as spaces. */
export const statusLabel = (status: string): string =>
  STATUS_LABELS[status as TDeliveryStatus] ?? status.toLowerCase().replaceAll('_', ' ');

export const PACKAGE_TYPES = ['DOCUMENT', 'PARCEL', 'MEDICAL_SUPPLIES', 'EQUIPMENT', 'MEDICATION', 'SPECIMEN', 'OTHER'] as const;
export type TPackageType = (typeof PACKAGE_TYPES)[number];
export const PACKAGE_TYPE_LABELS: Record<TPackageType, string> = {
  DOCUMENT: 'Document',
  PARCEL: 'Parcel',
  MEDICAL_SUPPLIES: 'Medical supplies',
  EQUIPMENT: 'Equipment',
  MEDICATION: 'Medication',
  SPECIMEN: 'Specimen',
  OTHER: 'Other',
};

export const PACKAGE_SIZES = ['small', 'medium', 'large', 'extra_large'] as const;
export type TPackageSize = (typeof PACKAGE_SIZES)[number];
export const PACKAGE_SIZE_LABELS: Record<TPackageSize, string> = {
  small: 'Small (up to 5kg)',
  medium: 'Medium (5-20kg)',
  large: 'Large (20-50kg)',
  extra_large: 'Extra large (over 50kg)',
};

export const DELIVERY_TYPES = ['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY'] as const;
export type TDeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_LABELS: Record<TDeliveryType, string> = {
  STANDARD: 'Standard',
  EXPRESS: 'Express',
  SAME_DAY: 'Same day',
  NEXT_DAY: 'Next day',
};

export const DELIVERY_DEFAULTS = { packageType: 'DOCUMENT', packageSize: 'small', deliveryType: 'STANDARD' } as const;

export const PAGE_SIZES = [5, 10, 20, 40, 80] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_BUTTONS = 5;
export const DASHBOARD_RECENT_COUNT = 5;
export const ADDRESS_CUT = 30;

export const DELIVERY_SORTS = ['newest', 'oldest', 'required-by', 'status'] as const;
export type TDeliverySort = (typeof DELIVERY_SORTS)[number];

/** Uploads: package and proof-of-delivery photos. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
