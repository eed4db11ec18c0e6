import {
  ADMIN_ROLES,
  canMoveStatus,
  isFinalStatus,
  MANAGER_ROLES,
  ROLES,
  STAFF_RANK,
  STAFF_ROLES,
  type TApiKeyScope,
  type TDeliveryStatus,
  type TRole,
  type TStatusActor,
} from '@courier/contract';
import { forbidden } from './app-error.js';

/**
 * The one answer to "may this actor do this to this thing". Routes admit audiences; use cases ask about
 * deliveries (owner, assigned driver, staff) and accounts (rank).
 */

export interface Actor {
  id: string;
  role: TRole;
  ip?: string;
  /** Set when the call came with an API key rather than a signed-in session. */
  apiKey?: { id: string; name: string };
  /** A customer's account and their role in it: an owner wears the owner's hat for every delivery billed to it. */
  account?: { id: string; role: 'owner' | 'member' };
}

/** A caller nobody has signed in (sign-up, sign-in, reset, tracking): public use cases still record where it came from. */
export interface Anonymous {
  ip: string;
  userAgent?: string;
}

/** Who a route lets in; checked before any use case runs. */
export type Audience = 'signedIn' | 'customer' | 'driver' | 'staff' | 'admin';

const AUDIENCE_ROLES: Record<Audience, readonly TRole[]> = {
  signedIn: ROLES,
  customer: ['CUSTOMER'],
  driver: ['DRIVER'],
  staff: STAFF_ROLES,
  admin: ADMIN_ROLES,
};

export const admits = (audience: Audience, role: TRole): boolean => AUDIENCE_ROLES[audience].includes(role);

/** The use case's own check of who may call it, so no route can forget it (403 otherwise). */
export function assertAudience(actor: Pick<Actor, 'role'>, audience: Audience): void {
  if (!admits(audience, actor.role)) throw forbidden();
}

/** A delivery is booked by a customer, who becomes its owner; staff and drivers book none. */
export const mayBookDelivery = (actor: Pick<Actor, 'role'>): boolean => admits('customer', actor.role);

/** SUPER_ADMIN 4 ... STAFF 1; DRIVER and CUSTOMER hold no staff rank. */
export const rankOf = (role: TRole): number => STAFF_RANK[role] ?? 0;
export const isStaffActor = (actor: Pick<Actor, 'role'>): boolean => rankOf(actor.role) > 0;

export interface DeliveryParties {
  customerId: string;
  /** The account it is billed to: its owners read and act on it as the booker does. */
  accountId: string;
  driverId: string | null;
  /** A driver's hold on a job ends once it is closed (a final status of the contract's table). */
  status: TDeliveryStatus;
}

/** The actor is an owner of the customer account the delivery is billed to (members see only their own). */
export const ownsAccountOf = (actor: Pick<Actor, 'account'>, d: Pick<DeliveryParties, 'accountId'>): boolean =>
  actor.account?.role === 'owner' && actor.account.id === d.accountId;

/** The hats an actor wears for one delivery, as the status table names them. */
export function hatsFor(actor: Actor, d: DeliveryParties): TStatusActor[] {
  const hats: TStatusActor[] = [];
  if (d.customerId === actor.id || ownsAccountOf(actor, d)) hats.push('owner');
  // The driver wears the hat while the job is theirs and open: not once delivered, cancelled or returned
  // (final statuses, read from the status table), nor once given to another driver (driverId moves on).
  if (d.driverId !== null && d.driverId === actor.id && actor.role === 'DRIVER' && !isFinalStatus(d.status)) hats.push('driver');
  if (isStaffActor(actor)) hats.push('staff');
  return hats;
}

/** Staff reading a delivery that is not their own: such reads of recipients' details are audited. */
export const readsAsStaff = (actor: Actor, d: DeliveryParties): boolean => {
  const hats = hatsFor(actor, d);
  return hats.includes('staff') && !hats.includes('owner');
};

/** Full details (names, phones, addresses) are for the owner, the assigned driver and staff. */
export const mayReadDelivery = (actor: Actor, d: DeliveryParties): boolean => hatsFor(actor, d).length > 0;

/** A delivery's story (its timeline with exact places, the proof, the cancel reason) is for its owner alone. */
export const mayReadDeliveryStory = (actor: Actor, d: DeliveryParties): boolean => hatsFor(actor, d).includes('owner');

/** A stored file: through its delivery, or, for a file not (yet) on one, its uploader. */
export const mayReadFile = (actor: Actor, owner: { delivery?: DeliveryParties; uploaderId: string | null }): boolean =>
  owner.delivery ? mayReadDelivery(actor, owner.delivery) : isStaffActor(actor) || owner.uploaderId === actor.id;

/** A live-update event reaches the accounts it names and, when it is for the board, every staff account. */
export const mayWatchLiveEvent = (actor: Actor, e: { userIds: string[]; staff: boolean }): boolean =>
  e.userIds.includes(actor.id) || (e.staff && isStaffActor(actor));

/** The table allows this move to one of the hats the actor wears for this delivery. */
export const mayMoveDelivery = (actor: Actor, d: DeliveryParties, from: TDeliveryStatus, to: TDeliveryStatus): boolean =>
  hatsFor(actor, d).some((hat) => canMoveStatus(from, to, hat));

/** Dispositions of a parcel on hold (continue, return, discard) are for MANAGER and above. */
export const mayDecideDisposition = (actor: Pick<Actor, 'role'>): boolean => (MANAGER_ROLES as readonly TRole[]).includes(actor.role);

/** Discard ends a held parcel's trip as cancelled from any status before delivered: a disposition, MANAGER and above. */
export const mayDiscardHeldDelivery = (actor: Actor, d: DeliveryParties & { status: TDeliveryStatus; holdSince: Date | null }): boolean =>
  mayDecideDisposition(actor) && d.holdSince !== null && !['delivered', 'cancelled'].includes(d.status);

/** Only SUPER_ADMIN grants ADMIN; otherwise a role strictly below one's own rank, or DRIVER and CUSTOMER. */
export function mayGrantRole(actor: Actor, role: TRole): boolean {
  if (!admits('admin', actor.role)) return false;
  if (role === 'SUPER_ADMIN') return false;
  if (role === 'ADMIN') return actor.role === 'SUPER_ADMIN';
  return rankOf(role) < rankOf(actor.role);
}

/** Nobody changes their own account here, nor an account of their rank or above. */
export const mayManageAccount = (actor: Actor, target: { id: string; role: TRole }): boolean =>
  admits('admin', actor.role) && target.id !== actor.id && rankOf(target.role) < rankOf(actor.role);

/** API keys are a customer's, made by that customer in a signed-in session (never by another key, never by staff). */
export const mayManageApiKeys = (actor: Actor): boolean => admits('customer', actor.role) && !actor.apiKey;

/**
 * The scope an API key needs for a call, by the route's path: the customer's deliveries (and what books them:
 * standing orders, imports) read with GET and written otherwise; webhooks managed. Null: no key may call it
 * (sign-in, account, API keys themselves, staff and driver calls).
 */
export function apiKeyScopeFor(method: string, routeUrl: string): TApiKeyScope | null {
  const read = method === 'GET' || method === 'HEAD';
  if (/^\/api\/v1\/(deliveries|standing-orders)(\/|$)/.test(routeUrl)) return read ? 'deliveries:read' : 'deliveries:write';
  if (/^\/api\/v1\/webhooks(\/|$)/.test(routeUrl)) return 'webhooks:manage';
  if (routeUrl === '/api/v1/devices/readings' && !read) return 'readings:write';
  if (/^\/fhir\/r4\//.test(routeUrl)) return 'fhir';
  return null;
}

/** A standing order is its owner's and staff's: they read it; anyone else gets the same 404 as for an unknown one. */
export const mayReadStandingOrder = (actor: Actor, order: { customerId: string }): boolean =>
  order.customerId === actor.id || isStaffActor(actor);

/** Its owner and staff end it, skip a date, pause and resume it. */
export const mayChangeStandingOrder = (actor: Actor, order: { customerId: string }): boolean => mayReadStandingOrder(actor, order);

/** What it books (the delivery and the schedule) is the owner's to edit, even staff's not. */
export const mayEditStandingOrderDelivery = (actor: Actor, order: { customerId: string }): boolean => order.customerId === actor.id;

/** Booking a standing order's occurrences without review is staff's word, never the customer's. */
export const mayPreApproveStandingOrder = (actor: Pick<Actor, 'role'>): boolean => isStaffActor(actor);

/** Which deliveries a report counts: staff every one, a customer their own; anyone else none. */
export type DeliveryReportScope = { every: true } | { every: false; customerId: string };
export function deliveryReportScopeOf(actor: Actor): DeliveryReportScope | null {
  if (admits('staff', actor.role)) return { every: true };
  if (admits('customer', actor.role)) return { every: false, customerId: actor.id };
  return null;
}

/** A customer's own report is by day: grouping by customer or driver would name other people. */
export const mayGroupDeliveryReport = (scope: DeliveryReportScope, groupBy: 'day' | 'customer' | 'driver'): boolean =>
  scope.every || groupBy === 'day';

/** A saved address is its owner's alone (a customer's address book); another's answers as unknown. */
export const mayUseSavedAddress = (actor: Actor, address: { ownerId: string }): boolean =>
  admits('customer', actor.role) && address.ownerId === actor.id;

/** A webhook endpoint is managed by the customer who added it (signed in, or with their key). */
export const mayManageWebhookEndpoint = (actor: Actor, endpoint: { userId: string }): boolean =>
  admits('customer', actor.role) && endpoint.userId === actor.id;

/** A key is revoked by the customer it belongs to, in a signed-in session. */
export const mayRevokeApiKey = (actor: Actor, key: { userId: string }): boolean => mayManageApiKeys(actor) && key.userId === actor.id;

/** One's own account (reading it, profile, password, preferences, deletion) is used in a signed-in session, never with an API key. */
export const mayUseOwnAccount = (actor: Actor): boolean => admits('signedIn', actor.role) && !actor.apiKey;

/** Prices (rate cards, fuel): administrators set them; managers read them. */
export const mayEditPricing = (actor: Pick<Actor, 'role'>): boolean => (ADMIN_ROLES as readonly TRole[]).includes(actor.role);
export const mayReadPricing = (actor: Pick<Actor, 'role'>): boolean => (MANAGER_ROLES as readonly TRole[]).includes(actor.role);

/** Customer accounts: administrators change them, managers read them (staff rank below reads none). */
export const mayEditCustomerAccounts = (actor: Pick<Actor, 'role'>): boolean => (ADMIN_ROLES as readonly TRole[]).includes(actor.role);
export const mayReadCustomerAccounts = (actor: Pick<Actor, 'role'>): boolean => (MANAGER_ROLES as readonly TRole[]).includes(actor.role);
/** A customer reads their own account (its terms only as its owner). */
export const mayReadOwnCustomerAccount = (actor: Pick<Actor, 'role'>): boolean => admits('customer', actor.role);

/** Invoices, payments and credit notes: administrators change them, managers read them (and receivables). */
export const mayChangeInvoices = (actor: Pick<Actor, 'role'>): boolean => (ADMIN_ROLES as readonly TRole[]).includes(actor.role);
export const mayReadInvoices = (actor: Pick<Actor, 'role'>): boolean => (MANAGER_ROLES as readonly TRole[]).includes(actor.role);
/** An account's invoices and statement are its owner's (members book; owners pay), in a signed-in session. */
export const mayReadAccountInvoices = (actor: Actor, me: { accountRole: 'owner' | 'member' | null }): boolean =>
  admits('customer', actor.role) && !actor.apiKey && me.accountRole === 'owner';
/** A logger's readings are reported by the account whose parcel it travels with (its gateway's API key) or by staff. */
export const mayReportLoggerReadings = (actor: Actor, d: DeliveryParties): boolean => {
  const hats = hatsFor(actor, d);
  return hats.includes('owner') || hats.includes('staff');
};

/** Temperature rules hold parcels: administrators set them, staff read them. */
export const mayEditTemperatureRules = (actor: Pick<Actor, 'role'>): boolean => (ADMIN_ROLES as readonly TRole[]).includes(actor.role);
export const mayReadTemperatureRules = (actor: Pick<Actor, 'role'>): boolean => isStaffActor(actor);
/** Which loggers travel where, and when each was last heard from: staff. */
export const mayReadDevices = (actor: Pick<Actor, 'role'>): boolean => isStaffActor(actor);
/** A parcel's temperature trace is its owner's and staff's (the driver records readings, and reads them on the job). */
export const mayReadTemperatureTrace = (actor: Actor, d: DeliveryParties): boolean => mayReportLoggerReadings(actor, d);
/** An account's owners manage its members and invitations, in a signed-in session (never with an API key). */
export const mayManageAccountMembers = (actor: Actor): boolean =>
  admits('customer', actor.role) && !actor.apiKey && actor.account?.role === 'owner';

/** An account's FHIR clients (SMART Backend Services keys) are registered and removed by its owners, in a signed-in session. */
export const mayManageFhirClients = (actor: Actor): boolean =>
  admits('customer', actor.role) && !actor.apiKey && actor.account?.role === 'owner';
/** A FHIR client of another account answers as an unknown one. */
export const mayManageFhirClient = (actor: Actor, client: { accountId: string }): boolean =>
  mayManageFhirClients(actor) && actor.account?.id === client.accountId;
/** A customer of an account reads its FHIR Subscriptions and their delivery logs in a signed-in session. */
export const mayReadFhirSubscriptions = (actor: Actor): boolean => admits('customer', actor.role) && !actor.apiKey && !!actor.account;
/** An owner reads every Subscription of the account, a member those they made (as over FHIR). */
export const mayReadFhirSubscription = (actor: Actor, sub: { accountId: string; userId: string }): boolean =>
  mayReadFhirSubscriptions(actor) && actor.account?.id === sub.accountId && (actor.account.role === 'owner' || sub.userId === actor.id);
/** An account's owners register its HL7 senders (interface engines), in a signed-in session; members may not. */
export const mayManageHl7Senders = (actor: Actor): boolean =>
  admits('customer', actor.role) && !actor.apiKey && actor.account?.role === 'owner';

/** Any customer may accept an invitation sent to their own e-mail, in a signed-in session. */
export const mayAcceptAccountInvitation = (actor: Actor): boolean => admits('customer', actor.role) && !actor.apiKey;
/** Driver pay (rules, adjustments, bank accounts, settlements): administrators change it; staff and managers read items. */
export const mayChangeDriverPay = (actor: Pick<Actor, 'role'>): boolean => (ADMIN_ROLES as readonly TRole[]).includes(actor.role);
export const mayReadDriverPay = (actor: Pick<Actor, 'role'>): boolean => isStaffActor(actor);
/** A driver reads their own earnings and statements, never another driver's. */
export const mayReadOwnEarnings = (actor: Actor, driverId: string): boolean => admits('driver', actor.role) && actor.id === driverId;
