import type { TDeliveryPricing, TDeliveryType, TPackageSize, TPackageType, TPrice, TPriceInputs, TRateCardBody } from '@courier/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerAccounts, deliveries, invoicedDeliveries, invoices, rateCards, rateCardVersions, users } from '../../db/schema/index.js';
import type { TEnv } from '../../env.js';
import { localClock } from '../../shared/business-time.js';
import { haversineKm, type LatLng } from '../../shared/travel-estimate.js';
import { fuelPercentOn } from './fuel-percent-on.js';
import { cardOf } from './rate-card-json.js';
import { priceDelivery } from './rate-formula.js';
import { requiredByTiming } from './required-by-timing.js';
import { takeRateCardVersion } from './take-rate-card-version.js';

const KM_PER_MILE = 1.609344;
const OSRM_TIMEOUT_MS = 3_000;

/** What a booking's price reads of the booking (the form's fields, its places, the billable miles). */
export interface PricedFacts {
  deliveryType: TDeliveryType;
  packageType: TPackageType;
  packageSize: TPackageSize;
  priority: 'routine' | 'stat';
  temperature: TPriceInputs['temperature'];
  controlledSubstance: boolean;
  requiredBy: Date | null;
  pickupAddress: string;
  deliveryAddress: string;
  /** Billable miles in tenths (84 is 8.4 mi). */
  milesTenths: number;
}

/** The last five-digit ZIP in an address ("..., Boston, MA 02139-4307" gives 02139), else null. */
export function zipOf(address: string | null | undefined): string | null {
  const all = address?.match(/\b\d{5}(?:-\d{4})?\b/g);
  return all?.length ? all[all.length - 1].slice(0, 5) : null;
}

/** The road distance in metres from an OSRM server's route service, or null when it does not answer usefully. */
async function osrmMetres(baseUrl: string, a: LatLng, b: LatLng): Promise<number | null> {
  const coords = [a, b].map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/route/v1/driving/${coords}?overview=false`, {
      signal: AbortSignal.timeout(OSRM_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { code?: string; routes?: { distance?: unknown }[] };
    const metres = body.routes?.[0]?.distance;
    return body.code === 'Ok' && typeof metres === 'number' && Number.isFinite(metres) && metres >= 0 ? metres : null;
  } catch {
    return null;
  }
}

/**
 * Billable miles from pickup to drop-off, in tenths: the routing server's road distance when ROUTING_URL is set
 * and it answers, else the straight line times ROUTING_DETOUR_FACTOR. Computed once, at booking, and stored.
 */
export async function billableMilesTenths(
  env: Pick<TEnv, 'ROUTING_URL' | 'ROUTING_DETOUR_FACTOR'>,
  pickup: LatLng,
  drop: LatLng,
): Promise<number> {
  const road = env.ROUTING_URL ? await osrmMetres(env.ROUTING_URL, pickup, drop) : null;
  const km = road !== null ? road / 1000 : haversineKm(pickup, drop) * env.ROUTING_DETOUR_FACTOR;
  return Math.round((km / KM_PER_MILE) * 10);
}

/** The formula's inputs of a booking made on `bookedAt`, before anything has happened to it. */
export function bookingInputs(
  env: Pick<TEnv, 'BUSINESS_TZ'>,
  hours: { open: number; close: number },
  facts: PricedFacts,
  fuelPercent: number | null,
): TPriceInputs {
  return {
    deliveryType: facts.deliveryType,
    miles: facts.milesTenths / 10,
    pickupZip: zipOf(facts.pickupAddress),
    dropoffZip: zipOf(facts.deliveryAddress),
    packageSize: facts.packageSize,
    priority: facts.priority,
    temperature: facts.temperature,
    specimen: facts.packageType === 'SPECIMEN',
    controlledSubstance: facts.controlledSubstance,
    requiredBy: requiredByTiming(facts.requiredBy, env.BUSINESS_TZ, hours),
    fuelPercent,
    waits: [],
    failedAttempts: 0,
    returned: false,
    cancelled: null,
  };
}

/** The booker's account as pricing and credit read it; the card is the account's own or the default one. */
export interface AccountTerms {
  accountId: string;
  /** The account's card, else the default card (the oldest card in the system), else null: unpriced. */
  rateCardId: string | null;
  creditLimitCents: number | null;
  creditPolicy: 'ignore' | 'warn' | 'enforce';
  poRequired: boolean;
}

/**
 * The booker's account and the card that prices its bookings, in one statement. An account without a card of its
 * own is priced by the default card: the oldest card in the system (the first one staff wrote).
 */
export async function bookingAccountTerms(db: DbOrTx, userId: string): Promise<AccountTerms | null> {
  const defaultCard = sql<
    string | null
  >`(select ${rateCards.id} from ${rateCards} order by ${rateCards.createdAt}, ${rateCards.id} limit 1)`;
  const [row] = await db
    .select({
      accountId: customerAccounts.id,
      rateCardId: sql<string | null>`coalesce(${customerAccounts.rateCardId}, ${defaultCard})`,
      creditLimitCents: customerAccounts.creditLimitCents,
      creditPolicy: customerAccounts.creditPolicy,
      poRequired: customerAccounts.poRequired,
    })
    .from(users)
    .innerJoin(customerAccounts, eq(customerAccounts.id, users.accountId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The default card alone (a caller without an account: nothing else prices its quote). */
export async function defaultRateCardId(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ id: rateCards.id }).from(rateCards).orderBy(asc(rateCards.createdAt), asc(rateCards.id)).limit(1);
  return row?.id ?? null;
}

/**
 * What the account owes and will owe, in cents, for the credit check at booking: the open balance of its invoices
 * (drafts, issued, overdue: subtotal less credits and payments) plus its priced deliveries that are not cancelled and
 * not yet on an invoice. A voided invoice releases its deliveries, so they count again as uninvoiced.
 */
export async function accountExposureCents(db: DbOrTx, accountId: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce((
      select sum(${deliveries.priceCents}) from ${deliveries}
       where ${deliveries.accountId} = ${accountId} and ${deliveries.priceCents} is not null and ${deliveries.status} <> 'cancelled'
         and not exists (select 1 from ${invoicedDeliveries} where ${invoicedDeliveries.deliveryId} = ${deliveries.id})
    ), 0) + coalesce((
      select sum(${invoices.subtotalCents} - ${invoices.creditedCents} - ${invoices.paidCents}) from ${invoices}
       where ${invoices.accountId} = ${accountId} and ${invoices.status} in ('draft', 'issued', 'overdue')
    ), 0) as cents`);
  const [row] = (result as unknown as { rows: { cents: string | number | null }[] }).rows;
  return Number(row?.cents ?? 0);
}

/** The business day (YYYY-MM-DD) a booking falls on, which picks its fuel percentage. */
export const bookingDay = (at: Date, timeZone: string) => localClock(at, timeZone).date;

/**
 * Prices bookings of one account in the caller's transaction, set-based: the card version is taken (marked used)
 * once, the fuel percentage read once per booking day, whatever the number of bookings. Null when no card.
 */
export async function priceBookings(
  tx: DbOrTx,
  env: Pick<TEnv, 'BUSINESS_TZ'>,
  hours: { open: number; close: number },
  rateCardId: string | null,
  bookings: readonly { facts: PricedFacts; at: Date }[],
): Promise<(TDeliveryPricing | null)[]> {
  if (!rateCardId || bookings.length === 0) return bookings.map(() => null);
  const taken = await takeRateCardVersion(tx, rateCardId, bookings[0].at);
  const fuel = new Map<string, number | null>();
  for (const day of new Set(bookings.map((b) => bookingDay(b.at, env.BUSINESS_TZ)))) fuel.set(day, await fuelPercentOn(tx, day));
  return bookings.map(({ facts, at }) => {
    const inputs = bookingInputs(env, hours, facts, fuel.get(bookingDay(at, env.BUSINESS_TZ)) ?? null);
    const { lines } = priceDelivery(taken.card, inputs);
    return { rateCardId: taken.rateCardId, rateCardVersion: taken.version, inputs, lines };
  });
}

/** The lines' sum. */
export const totalOf = (pricing: Pick<TDeliveryPricing, 'lines'>) => pricing.lines.reduce((sum, l) => sum + l.amountCents, 0);

/** Re-prices stored inputs with the card as it was: the same answer whenever it is asked. */
export function repriceWith(card: TRateCardBody, inputs: TPriceInputs): TPrice {
  return priceDelivery(card, inputs);
}

/**
 * For a quote: the card that would price the caller's booking now (its account's or the default), at its current
 * version, without marking it used (a quote books nothing), and the fuel percentage of today. Two statements.
 */
export async function quotingCard(db: DbOrTx, env: Pick<TEnv, 'BUSINESS_TZ'>, userId: string, at: Date) {
  const defaultCard = sql`(select ${rateCards.id} from ${rateCards} order by ${rateCards.createdAt}, ${rateCards.id} limit 1)`;
  const accountCard = sql`(select ${customerAccounts.rateCardId} from ${users} join ${customerAccounts} on ${customerAccounts.id} = ${users.accountId} where ${users.id} = ${userId})`;
  const [row] = await db
    .select({ id: rateCards.id, name: rateCards.name, version: rateCardVersions.version, prices: rateCardVersions.prices })
    .from(rateCards)
    .innerJoin(rateCardVersions, and(eq(rateCardVersions.rateCardId, rateCards.id), eq(rateCardVersions.version, rateCards.currentVersion)))
    .where(sql`${rateCards.id} = coalesce(${accountCard}, ${defaultCard})`);
  if (!row) return null;
  const fuelPercent = await fuelPercentOn(db, bookingDay(at, env.BUSINESS_TZ));
  return { rateCardId: row.id, version: row.version, card: cardOf(row.name, row), fuelPercent };
}
