import { DELIVERY_STATUSES, STATUS_TRANSITIONS, type TDeliveryStatus, type TStatusActor } from './deliveries.js';
import type { TDispositionAction } from './medical.js';

/** Rules derived from STATUS_TRANSITIONS only, so no side re-codes which moves exist. */

/** Every status reachable from `from` by any chain of moves, `from` included. */
export function reachableStatuses(from: TDeliveryStatus): Set<TDeliveryStatus> {
  const seen = new Set<TDeliveryStatus>([from]);
  const queue: TDeliveryStatus[] = [from];
  while (queue.length) {
    const at = queue.shift() as TDeliveryStatus;
    for (const next of Object.keys(STATUS_TRANSITIONS[at]) as TDeliveryStatus[]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const movesFrom = (from: TDeliveryStatus) => Object.keys(STATUS_TRANSITIONS[from]) as TDeliveryStatus[];

/** No move leaves this status. */
export const isFinalStatus = (status: TDeliveryStatus): boolean => Object.keys(STATUS_TRANSITIONS[status]).length === 0;

/** The moves an actor may make from a status, in the table's order. */
export function movesFor(from: TDeliveryStatus, actor: TStatusActor): TDeliveryStatus[] {
  return (Object.entries(STATUS_TRANSITIONS[from]) as Array<[TDeliveryStatus, TStatusActor[]]>)
    .filter(([, actors]) => actors.includes(actor))
    .map(([to]) => to);
}

/**
 * The driver's next step (the big button), or null when the driver has none: on the way to delivered, or,
 * for a parcel going back, the hand-back (returned). A failed attempt is never the big button.
 */
export function nextDriverStatus(from: TDeliveryStatus): TDeliveryStatus | null {
  return (
    movesFor(from, 'driver').find(
      (to) => to !== from && to !== 'failed_attempt' && (reachableStatuses(to).has('delivered') || to === 'returned'),
    ) ?? null
  );
}

/** A label is worth printing while the parcel can still be, or has been, delivered: never once cancelled. */
export const mayHaveLabel = (status: TDeliveryStatus): boolean => reachableStatuses(status).has('delivered');

/** Feedback is for a delivered order only: the one final status the parcel reaches by being handed over. */
export const acceptsFeedback = (status: TDeliveryStatus, rejectedByLab = false): boolean =>
  status === 'delivered' && isFinalStatus(status) && !rejectedByLab;

/** No move leaves these (delivered, returned, cancelled): the delivery is over. */
export const FINAL_STATUSES: readonly TDeliveryStatus[] = DELIVERY_STATUSES.filter(isFinalStatus);

/** The parcel is with the driver (picked up, not yet handed over): the driver's position is the parcel's. */
export const ON_BOARD_STATUSES: readonly TDeliveryStatus[] = ['picked_up', 'in_transit', 'failed_attempt', 'returning'];

/**
 * Moves made away from the parcel before pickup: dispatch approving or assigning it, and the driver setting off
 * (their position is theirs, not the parcel's). A timeline shows no place for them; the parcel is still at its origin.
 */
export const PLACELESS_STATUSES: readonly TDeliveryStatus[] = ['approved', 'assigned', 'moving_to_pickup_location'];

/** A driver's open jobs: a step still to make, or a parcel still on board (a failed attempt waiting for dispatch). */
export const DRIVER_OPEN_STATUSES: readonly TDeliveryStatus[] = DELIVERY_STATUSES.filter(
  (s) => nextDriverStatus(s) !== null || ON_BOARD_STATUSES.includes(s),
);

/** Dispatch's exceptions queue: failed attempts waiting for a decision and returns under way. */
export const EXCEPTION_STATUSES: readonly TDeliveryStatus[] = ['failed_attempt', 'returning'];

/** The refusal every side shows for a move the table does not allow. */
export const cannotMoveMessage = (from: TDeliveryStatus, to: TDeliveryStatus) => `Cannot change status from ${from} to ${to}`;

/*
 * The hold: a sub-state a delivery carries beside its status while a manager decides what becomes of a parcel whose
 * temperature went out of range. Its own table says who places it, who lifts it and which status move a decision
 * makes; while it stands, the status table is narrowed to HELD_MOVES (nothing goes on towards the recipient). The API's moves, the board, tracking, the
 * driver app and webhooks read it from here.
 */

/** The hold reason a temperature excursion sets. */
export const HOLD_TEMPERATURE = 'temperature';
export const HOLD_MESSAGE = 'Do not deliver: on hold for temperature';
/** Public tracking shows a hold as this word beside the status, never why. */
export const ON_HOLD_STATUS_WORD = 'On hold';

export const HOLD_STATES = ['clear', 'held'] as const;
export type THoldState = (typeof HOLD_STATES)[number];
/** The driver places a hold by recording a reading out of range; a manager (MANAGER and above) decides. */
export type THoldActor = 'driver' | 'manager';
/** Placing the hold, or one of the manager's dispositions. */
export type THoldStep = 'place' | TDispositionAction;

export interface HoldTransition {
  from: THoldState;
  to: THoldState;
  by: readonly THoldActor[];
  /** The status move the step makes in the same transaction, or null when the status stays. */
  move: TDeliveryStatus | null;
}

export const HOLD_TRANSITIONS: Record<THoldStep, HoldTransition> = {
  place: { from: 'clear', to: 'held', by: ['driver'], move: null },
  continue: { from: 'held', to: 'clear', by: ['manager'], move: null },
  // Going back is the safe outcome of an excursion: the return leg, ended by the hand-back to the sender.
  return: { from: 'held', to: 'clear', by: ['manager'], move: 'returning' },
  // Ends the trip as cancelled from wherever it is (off the status table, which lets nobody cancel a parcel on board).
  discard: { from: 'held', to: 'clear', by: ['manager'], move: 'cancelled' },
};

/** A hold is placed only while the parcel is on board: readings are taken then. */
export const HOLDABLE_STATUSES: readonly TDeliveryStatus[] = ON_BOARD_STATUSES;

/** Going back to the sender is the safe outcome of an excursion: a hold stops every move but these. */
const BACK_TO_SENDER: readonly TDeliveryStatus[] = ['returning', 'returned'];

/** The status moves a held parcel may still make without a decision: the return leg and the hand-back. */
export const HELD_MOVES: Readonly<Record<TDeliveryStatus, readonly TDeliveryStatus[]>> = (() => {
  const moves = {} as Record<TDeliveryStatus, readonly TDeliveryStatus[]>;
  for (const from of DELIVERY_STATUSES) moves[from] = movesFrom(from).filter((to) => BACK_TO_SENDER.includes(to));
  return moves;
})();

export const holdStateOf = (d: { holdSince: unknown } | { hold: unknown }): THoldState =>
  ('holdSince' in d ? d.holdSince : d.hold) ? 'held' : 'clear';

/**
 * Whether the hold lets a status move happen (the status table still decides who may make it). A clear delivery
 * moves freely but takes no decision; a held one makes only a decision's own move or one HELD_MOVES keeps open.
 */
export function holdAllowsMove(hold: THoldState, from: TDeliveryStatus, to: TDeliveryStatus, decision?: THoldStep): boolean {
  if (decision) {
    const step = HOLD_TRANSITIONS[decision];
    return step.from === hold && step.move === to;
  }
  return hold === 'clear' || HELD_MOVES[from].includes(to);
}
