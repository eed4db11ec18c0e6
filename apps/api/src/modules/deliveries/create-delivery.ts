import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { MESSAGES, STABILITY_WARNING, STABILITY_WARNING_STAT, type TCreateDeliveryRequest } from '@courier/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { deliveries, deliveryEvents, users } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../platform/app-error.js';
import { recordAudits } from '../../platform/audit.js';
import type { GeoPlace } from '../../platform/geocoder/index.js';
import { deliveryLiveEvent, publishLiveEvents } from '../../platform/live-events.js';
import { type Actor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { dollars } from '../billing/money.js';
import {
  accountExposureCents,
  billableMilesTenths,
  bookingAccountTerms,
  type PricedFacts,
  priceBookings,
  totalOf,
} from '../billing/price-booking.js';
import { sendDeliveriesMessages } from '../messages/send-delivery-messages.js';
import { recordWebhookEvents } from '../webhooks/record-webhook-event.js';
import { recordTaskNotifications } from '../fhir-task/record-task-notifications.js';
import { custodyEventRow } from './custody.js';
import { deliveryFormSchema, type SubmittedDeliveryForm, type TDeliveryForm } from './delivery-form.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { writeBookedPieces } from './book-pieces.js';
import { BUSINESS_HOURS, bookingEstimate } from './estimate-delivery.js';
import { newOrderId } from './order-id.js';
import { type CleanImage, cleanPackageImage, storePackageImage } from './package-image.js';
import { assertInServiceArea } from './service-area.js';

const MAX_LEAD_MS = 366 * 24 * 3_600_000;

async function placeAddresses(services: Services, form: TCreateDeliveryRequest) {
  const [pickup, drop] = await Promise.all([
    services.geocoder.geocode(form.pickupAddress),
    services.geocoder.geocode(form.deliveryAddress),
  ]);
  const unplaced = 'could not be found. Check the street, city, state and ZIP code.';
  if (!pickup) throw badRequest(`pickupAddress: Pickup address ${unplaced}`, 'pickupAddress');
  assertInServiceArea(services.env.SERVICE_AREA_STATES, 'pickupAddress', pickup);
  if (!drop) throw badRequest(`deliveryAddress: Delivery address ${unplaced}`, 'deliveryAddress');
  assertInServiceArea(services.env.SERVICE_AREA_STATES, 'deliveryAddress', drop);
  return { pickup, drop };
}

/** Collection times from the phone or the LIS may run a little ahead of the server's clock. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The handling a booking asks for, checked against the package type; the specimen's stability deadline. A
 * planned collection (a standing order's occurrence, booked ahead of its day) may lie in the future.
 */
export function checkHandling(
  form: TCreateDeliveryRequest,
  now: Date,
  opts: { plannedCollection?: boolean } = {},
): { stabilityDeadline: Date | null } {
  if (form.controlledSubstance && form.packageType !== 'MEDICATION')
    throw badRequest('controlledSubstance: Only medication can be a controlled substance', 'controlledSubstance');
  if (form.packageType !== 'SPECIMEN') {
    if (form.specimen) throw badRequest('specimen: Specimen details are only for the Specimen package type', 'specimen');
    return { stabilityDeadline: null };
  }
  if (!form.specimen) throw badRequest('specimen: A specimen needs its category, collection time and stability', 'specimen');
  const { collectedAt, stableForHours } = form.specimen;
  if (!opts.plannedCollection && collectedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw badRequest('specimen.collectedAt: Collected at cannot be in the future', 'specimen.collectedAt');
  const stabilityDeadline = new Date(collectedAt.getTime() + stableForHours * 3_600_000);
  if (stabilityDeadline.getTime() <= now.getTime())
    throw badRequest(
      'specimen.collectedAt: The specimen is past its stability deadline (collected at + stable for hours)',
      'specimen.collectedAt',
    );
  return { stabilityDeadline };
}

/** A booking that passed every check: the form, both places, the cleaned image and the service's estimate. */
export interface CheckedBooking {
  form: TDeliveryForm;
  pickup: GeoPlace;
  drop: GeoPlace;
  image: CleanImage | null;
  /** A specimen's collection time plus its stability, else null. */
  stabilityDeadline: Date | null;
  now: Date;
  /** Billable miles pickup to drop-off in tenths, fixed here (road distance, or straight line x detour). */
  milesTenths: number;
}

export const REFERENCE_REQUIRED = 'reference: This account requires a reference (PO number or cost centre) on every booking';
export const creditLimitMessage = (limitCents: number) =>
  `This booking would take the account past its credit limit of ${dollars(limitCents)}`;

/** What the price reads of a checked booking. */
export const pricedFactsOf = ({ form, milesTenths }: Pick<CheckedBooking, 'form' | 'milesTenths'>): PricedFacts => ({
  deliveryType: form.deliveryType,
  packageType: form.packageType,
  packageSize: form.packageSize,
  priority: form.priority,
  temperature: form.temperature,
  controlledSubstance: form.controlledSubstance,
  requiredBy: form.requiredBy,
  pickupAddress: form.pickupAddress,
  deliveryAddress: form.deliveryAddress,
  milesTenths,
});

/** Further writes of a booking made by the system for the customer (a standing order's occurrence). */
export interface BookingOptions {
  standingOrderId?: string;
  /** The specimen's collectedAt is planned (a standing order's occurrence), so it may lie ahead. */
  plannedCollection?: boolean;
  /** Runs in the booking's transaction right after the row is written (e.g. the occurrence's unique key). */
  within?: (tx: Tx, row: DeliveryRow) => Promise<void>;
  /** Told when the bookings take the account past its credit limit under the `warn` policy (they stand). */
  onCreditWarning?: (message: string) => void;
}

/**
 * Every rule a booking must pass, the same for the form, the API, a standing order's occurrence and each row of
 * an import: the fields (ZodError naming each bad one), required-by ahead and within a year, both addresses
 * placed on the map (400 naming the field), the image cleaned.
 */
export async function checkBooking(
  services: Services,
  actor: Actor,
  submitted: SubmittedDeliveryForm,
  options: Pick<BookingOptions, 'plannedCollection'> = {},
): Promise<CheckedBooking> {
  if (!mayBookDelivery(actor)) throw forbidden('Only a customer account can request a delivery');
  const { clock, env } = services;
  const now = clock.now();
  const form = deliveryFormSchema(env.BUSINESS_TZ).parse(submitted.fields);
  if (form.requiredBy.getTime() <= now.getTime()) throw badRequest('requiredBy: Required-by must be in the future', 'requiredBy');
  if (form.requiredBy.getTime() > now.getTime() + MAX_LEAD_MS)
    throw badRequest('requiredBy: Required-by must be within a year', 'requiredBy');
  const { stabilityDeadline } = checkHandling(form, now, options);
  const image = submitted.image ? await cleanPackageImage(submitted.image) : null;
  const { pickup, drop } = await placeAddresses(services, form);
  const milesTenths = await billableMilesTenths(env, pickup, drop);
  return { form, pickup, drop, image, stabilityDeadline, now, milesTenths };
}

/**
 * A customer's delivery request: checked (checkBooking), then in one transaction written (writeBooking); the
 * outbox is kicked after commit.
 */
export async function createDelivery(services: Services, actor: Actor, submitted: SubmittedDeliveryForm, options: BookingOptions = {}) {
  const checked = await checkBooking(services, actor, submitted, options);
  const { form, now } = checked;
  const estimatedDelivery = bookingEstimate(services.env, form, checked.pickup, checked.drop, now);
  const meetsRequiredBy = estimatedDelivery.getTime() <= form.requiredBy.getTime();
  const meetsStability = !checked.stabilityDeadline || estimatedDelivery.getTime() <= checked.stabilityDeadline.getTime();
  let creditWarning: string | null = null;
  const delivery = await services.db.transaction((tx) =>
    writeBooking(tx, services, actor, checked, {
      ...options,
      onCreditWarning: (message) => {
        creditWarning = message;
        options.onCreditWarning?.(message);
      },
    }),
  );
  services.metrics.booked(form);
  services.outbox.kick();
  const lateText =
    meetsRequiredBy && meetsStability
      ? null
      : [
          meetsRequiredBy ? null : MESSAGES.estimateAfterRequiredBy,
          meetsStability ? null : form.priority === 'stat' ? STABILITY_WARNING_STAT : STABILITY_WARNING,
        ]
          .filter(Boolean)
          .join(' ');
  const credit = creditWarning ? { code: 'CREDIT_LIMIT' as const, message: creditWarning } : null;
  return {
    delivery,
    message: MESSAGES.deliverySubmitted,
    meetsRequiredBy,
    // `warning` is the late estimate's sentence; past the credit limit it is `{ code: 'CREDIT_LIMIT', message }`
    // (the late sentence, if any, appended to the message). `creditWarning` repeats the credit part alone.
    ...(credit ? { creditWarning: credit, warning: { ...credit, message: [credit.message, lateText].filter(Boolean).join(' ') } } : {}),
    ...(!credit && lateText ? { warning: lateText } : {}),
  };
}

/**
 * The booking's transactional core, inside the caller's transaction: the delivery (pending, with an
 * unguessable tracking number and an estimate), its first custody event, its messages (the customer's,
 * staff's), the audit row and the live event. The caller kicks the outbox after commit.
 */
export async function writeBooking(tx: Tx, services: Services, actor: Actor, checked: CheckedBooking, options: BookingOptions = {}) {
  const [row] = await writeBookings(tx, services, actor, [checked], options);
  return row;
}

/** Bookings per set of statements: a thousand-row import's statements, built and answered at once, held the event loop for half a second. */
const BOOKINGS_PER_BATCH = 100;

/**
 * Many bookings of one actor written as writeBooking writes one, set-based: each table gets one insert per batch
 * of up to BOOKINGS_PER_BATCH bookings, so a large import holds the database (the embedded one has a single
 * session) briefly, and other requests get a turn between the batches.
 */
export async function writeBookings(
  tx: Tx,
  services: Services,
  actor: Actor,
  bookings: readonly CheckedBooking[],
  options: BookingOptions = {},
): Promise<DeliveryRow[]> {
  const rows: DeliveryRow[] = [];
  for (let start = 0; start < bookings.length; start += BOOKINGS_PER_BATCH) {
    if (start > 0) await yieldToEventLoop();
    rows.push(...(await writeBookingBatch(tx, services, actor, bookings.slice(start, start + BOOKINGS_PER_BATCH), options)));
  }
  return rows;
}

async function writeBookingBatch(
  tx: Tx,
  services: Services,
  actor: Actor,
  bookings: readonly CheckedBooking[],
  options: BookingOptions,
): Promise<DeliveryRow[]> {
  if (bookings.length === 0) return [];
  const { env, storage } = services;
  // The account's terms and its card, the card version taken, the fuel read once per day: a few statements per
  // batch, none per booking. An import's later batches see the earlier ones in the exposure (same transaction).
  const terms = await bookingAccountTerms(tx, actor.id);
  if (terms?.poRequired && bookings.some((b) => !b.form.reference)) throw badRequest(REFERENCE_REQUIRED, 'reference');
  const pricings = await priceBookings(
    tx,
    env,
    BUSINESS_HOURS,
    terms?.rateCardId ?? null,
    bookings.map((b) => ({ facts: pricedFactsOf(b), at: b.now })),
  );
  const adding = pricings.reduce((sum, p) => sum + (p ? totalOf(p) : 0), 0);
  if (terms && terms.creditLimitCents !== null && terms.creditPolicy !== 'ignore' && adding > 0) {
    const exposure = await accountExposureCents(tx, terms.accountId);
    if (exposure + adding > terms.creditLimitCents) {
      const message = creditLimitMessage(terms.creditLimitCents);
      if (terms.creditPolicy === 'enforce') throw new AppError('CREDIT_LIMIT_EXCEEDED', message);
      options.onCreditWarning?.(message);
    }
  }
  // Billed to the booker's account as it is at booking (read inside the insert: no statement more per import).
  const bookersAccount = sql<string>`(select ${users.accountId} from ${users} where ${users.id} = ${actor.id})`;
  const values: (Omit<typeof deliveries.$inferInsert, 'accountId'> & { orderId: string; accountId: SQL<string> })[] = [];
  for (const [i, { form, pickup, drop, image, stabilityDeadline, now, milesTenths }] of bookings.entries()) {
    const pricing = pricings[i];
    if (i > 0 && i % 10 === 0) await yieldToEventLoop();
    const packageImageId = image ? await storePackageImage(tx, storage, actor.id, image, now) : null;
    values.push({
      orderId: newOrderId(),
      customerId: actor.id,
      accountId: bookersAccount,
      senderPhone: form.senderPhone,
      pickupAddress: form.pickupAddress,
      pickupLabel: pickup.label,
      pickupLat: pickup.lat,
      pickupLng: pickup.lng,
      recipientName: form.recipientName,
      recipientPhone: form.recipientPhone,
      recipientEmail: form.recipientEmail,
      deliveryAddress: form.deliveryAddress,
      deliveryLabel: drop.label,
      deliveryLat: drop.lat,
      deliveryLng: drop.lng,
      requiredBy: form.requiredBy,
      packageType: form.packageType,
      packageSize: form.packageSize,
      deliveryType: form.deliveryType,
      specialInstructions: form.specialInstructions,
      priority: form.priority,
      temperature: form.temperature,
      controlledSubstance: form.controlledSubstance,
      specimenCategory: form.specimen?.category ?? null,
      specimenCollectedAt: form.specimen?.collectedAt ?? null,
      specimenStableHours: form.specimen?.stableForHours ?? null,
      stabilityDeadline,
      status: 'pending',
      estimatedDelivery: bookingEstimate(env, form, pickup, drop, now),
      packageImageId,
      currentLabel: pickup.label,
      currentLat: pickup.lat,
      currentLng: pickup.lng,
      standingOrderId: options.standingOrderId ?? null,
      reference: form.reference || null,
      billableMilesTenths: milesTenths,
      pricing,
      priceCents: pricing ? totalOf(pricing) : null,
      createdAt: now,
      updatedAt: now,
    });
  }
  const inserted = await tx.insert(deliveries).values(values).returning();
  // RETURNING's order is not promised: each booking finds its row by its tracking number.
  const byOrderId = new Map(inserted.map((row) => [row.orderId, row]));
  const rows = values.map((v) => byOrderId.get(v.orderId) as DeliveryRow);
  for (const row of rows) await options.within?.(tx, row);
  const at = (i: number) => bookings[i].now;
  await writeBookedPieces(
    tx,
    rows.map((row, i) => ({ row, form: bookings[i].form, at: at(i) })),
  );
  // The embedded database runs each statement on this thread: other requests get a turn between them.
  await yieldToEventLoop();
  await tx.insert(deliveryEvents).values(
    rows.map((row, i) =>
      custodyEventRow({
        deliveryId: row.id,
        status: 'pending',
        locationLabel: row.pickupLabel,
        lat: row.pickupLat,
        lng: row.pickupLng,
        actorId: actor.id,
        actorRole: actor.role,
        note: 'Delivery requested',
        at: at(i),
      }),
    ),
  );
  await yieldToEventLoop();
  await sendDeliveriesMessages(
    tx,
    services,
    'requested',
    rows.map((delivery, i) => ({ delivery, at: at(i) })),
  );
  await yieldToEventLoop();
  await recordWebhookEvents(
    tx,
    services,
    rows.map((delivery) => ({ type: 'delivery.created', delivery })),
  );
  // After `within` (a FHIR Task's identifier) and the pieces: the new Tasks as their Subscriptions will see them.
  await recordTaskNotifications(tx, services, rows);
  await yieldToEventLoop();
  await recordAudits(
    tx,
    rows.map((row, i) => ({
      entry: {
        actorId: actor.id,
        action: 'delivery.create',
        targetType: 'delivery',
        targetId: row.id,
        ip: actor.ip,
        details: { orderId: row.orderId },
      },
      at: at(i),
    })),
  );
  await yieldToEventLoop();
  await publishLiveEvents(
    tx,
    rows.map((row) => deliveryLiveEvent('delivery.created', row)),
  );
  return rows;
}
