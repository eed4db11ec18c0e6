import { STATUS_LABELS, PIECE_STATUS_LABELS, type TDeliveryStatus, type TPieceStatus } from '@courier/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerAccounts, deliveryPieces, fhirTaskIdentifiers } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { CODE_SYSTEMS, EXTENSIONS, TASK_CODE } from './fhir-codes.js';

export type FhirTaskStatus = 'requested' | 'accepted' | 'in-progress' | 'on-hold' | 'completed' | 'failed' | 'cancelled';

/** Our statuses as a Task's status; a parcel on hold (not yet finished) is on-hold whatever its status. */
export const TASK_STATUS_OF: Record<TDeliveryStatus, FhirTaskStatus> = {
  pending: 'requested',
  approved: 'accepted',
  assigned: 'accepted',
  moving_to_pickup_location: 'accepted',
  picked_up: 'in-progress',
  in_transit: 'in-progress',
  failed_attempt: 'in-progress',
  returning: 'in-progress',
  delivered: 'completed',
  returned: 'failed',
  cancelled: 'cancelled',
};
const FINAL: readonly TDeliveryStatus[] = ['delivered', 'returned', 'cancelled'];

export function taskStatusOf(d: Pick<DeliveryRow, 'status' | 'holdSince'>): FhirTaskStatus {
  if (d.holdSince && !FINAL.includes(d.status)) return 'on-hold';
  return TASK_STATUS_OF[d.status];
}

type Piece = typeof deliveryPieces.$inferSelect;
export interface TaskParts {
  delivery: DeliveryRow;
  pieces: Piece[];
  identifier: { system: string; value: string } | null;
  accountName: string | null;
}

/** Pieces, identifiers and account names of many deliveries at once (three reads). */
export async function loadTaskParts(db: DbOrTx, rows: readonly DeliveryRow[]): Promise<TaskParts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [pieces, identifiers, accounts] = await Promise.all([
    db.select().from(deliveryPieces).where(inArray(deliveryPieces.deliveryId, ids)).orderBy(deliveryPieces.deliveryId, deliveryPieces.seq),
    db.select().from(fhirTaskIdentifiers).where(inArray(fhirTaskIdentifiers.deliveryId, ids)),
    db
      .select({ id: customerAccounts.id, name: customerAccounts.name })
      .from(customerAccounts)
      .where(inArray(customerAccounts.id, [...new Set(rows.map((r) => r.accountId))])),
  ]);
  return rows.map((delivery) => {
    const id = identifiers.find((i) => i.deliveryId === delivery.id);
    return {
      delivery,
      pieces: pieces.filter((p) => p.deliveryId === delivery.id),
      identifier: id ? { system: id.system, value: id.value } : null,
      accountName: accounts.find((a) => a.id === delivery.accountId)?.name ?? null,
    };
  });
}

export const loadOneTaskParts = async (db: DbOrTx, row: DeliveryRow) => (await loadTaskParts(db, [row]))[0];

export async function identifierOf(db: DbOrTx, deliveryId: string) {
  const [row] = await db.select().from(fhirTaskIdentifiers).where(eq(fhirTaskIdentifiers.deliveryId, deliveryId));
  return row ?? null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);
const coding = (system: string, code: string, display?: string) => ({ coding: [{ system, code, ...(display ? { display } : {}) }] });

/** One contained Specimen per accession (pieces without one stand alone); each piece is one container. */
function specimensOf(parts: TaskParts) {
  const groups: { id: string; accession: string | null; pieces: Piece[] }[] = [];
  for (const p of parts.pieces) {
    const same = p.accession ? groups.find((g) => g.accession === p.accession) : undefined;
    if (same) same.pieces.push(p);
    else groups.push({ id: `specimen-${groups.length + 1}`, accession: p.accession, pieces: [p] });
  }
  const d = parts.delivery;
  return groups.map((g) => ({
    group: g,
    resource: {
      resourceType: 'Specimen',
      id: g.id,
      ...(g.accession ? { accessionIdentifier: { value: g.accession } } : {}),
      ...(d.specimenCollectedAt ? { collection: { collectedDateTime: iso(d.specimenCollectedAt) } } : {}),
      extension: [
        { url: EXTENSIONS.temperatureClass, valueCode: d.temperature },
        ...(d.specimenCategory ? [{ url: EXTENSIONS.specimenCategory, valueCode: d.specimenCategory }] : []),
        ...(d.specimenStableHours ? [{ url: EXTENSIONS.stabilityHours, valueDecimal: d.specimenStableHours }] : []),
      ],
      container: g.pieces.map((p) => ({
        identifier: [{ value: p.barcode }],
        type: { text: p.kind },
        ...(p.description ? { description: p.description } : {}),
      })),
    },
  }));
}

function statusReasonOf(d: DeliveryRow, status: FhirTaskStatus): string | null {
  if (status === 'cancelled') return d.cancelReason || 'Cancelled';
  if (status === 'failed') return 'Returned to the sender';
  if (status === 'on-hold') return d.holdReason || 'On hold';
  return null;
}

const RECEIPT_STATUSES: readonly TPieceStatus[] = ['received', 'missing', 'damaged', 'rejected', 'not_handed_over'];

/** The Task a delivery is (R4): see docs/fhir.md for the mapping. Patient data is never part of it. */
export function taskOf(parts: TaskParts, publicUrl: string) {
  const d = parts.delivery;
  const status = taskStatusOf(d);
  const reason = statusReasonOf(d, status);
  const specimens = specimensOf(parts);
  const pickup = {
    resourceType: 'Location',
    id: 'pickup',
    name: 'Pickup',
    address: { text: d.pickupAddress },
    telecom: [{ system: 'phone', value: d.senderPhone }],
  };
  const destination = {
    resourceType: 'Location',
    id: 'destination',
    name: d.recipientName,
    address: { text: d.deliveryAddress },
    telecom: [
      { system: 'phone', value: d.recipientPhone },
      { system: 'email', value: d.recipientEmail },
    ],
  };
  const outputs = specimens.flatMap(({ group }) =>
    group.pieces
      .filter((p) => RECEIPT_STATUSES.includes(p.status))
      .map((p) => ({
        extension: [{ url: EXTENSIONS.outputSpecimen, valueReference: { reference: `#${group.id}` } }],
        type: { ...coding(CODE_SYSTEMS.taskOutput, 'specimen-receipt', 'Specimen receipt'), text: `Receipt of ${p.barcode}` },
        valueCodeableConcept: {
          ...coding(CODE_SYSTEMS.pieceStatus, p.status, PIECE_STATUS_LABELS[p.status]),
          text: p.receivedAt ? `${PIECE_STATUS_LABELS[p.status]} at ${p.receivedAt.toISOString()}` : PIECE_STATUS_LABELS[p.status],
        },
      })),
  );
  const extension = [
    { url: EXTENSIONS.packageSize, valueCode: d.packageSize },
    { url: EXTENSIONS.deliveryType, valueCode: d.deliveryType },
    ...(d.reference ? [{ url: EXTENSIONS.billingReference, valueString: d.reference }] : []),
  ];
  return {
    resourceType: 'Task' as const,
    id: d.id,
    meta: { lastUpdated: d.updatedAt.toISOString() },
    contained: [pickup, destination, ...specimens.map((s) => s.resource)],
    extension,
    identifier: [
      ...(parts.identifier
        ? [{ use: 'usual', ...(parts.identifier.system ? { system: parts.identifier.system } : {}), value: parts.identifier.value }]
        : []),
      { use: 'secondary', system: `${publicUrl}/tracking-number`, value: d.orderId },
    ],
    status,
    ...(reason ? { statusReason: { text: reason } } : {}),
    businessStatus: { ...coding(CODE_SYSTEMS.deliveryStatus, d.status, STATUS_LABELS[d.status]), text: STATUS_LABELS[d.status] },
    intent: 'order',
    priority: d.priority === 'stat' ? 'stat' : 'routine',
    code: coding(CODE_SYSTEMS.taskCode, TASK_CODE, 'Specimen pickup'),
    ...(specimens.length === 1 ? { focus: { reference: `#${specimens[0].group.id}` } } : {}),
    ...(d.pickedUpAt ? { executionPeriod: { start: iso(d.pickedUpAt), ...(d.finishedAt ? { end: iso(d.finishedAt) } : {}) } } : {}),
    authoredOn: d.createdAt.toISOString(),
    lastModified: d.updatedAt.toISOString(),
    requester: { reference: `Organization/${d.accountId}`, ...(parts.accountName ? { display: parts.accountName } : {}) },
    location: { reference: '#pickup' },
    ...(d.specialInstructions ? { note: [{ text: d.specialInstructions }] } : {}),
    ...(d.requiredBy ? { restriction: { period: { end: d.requiredBy.toISOString() } } } : {}),
    input: [
      { type: coding(CODE_SYSTEMS.taskInput, 'destination', 'Destination'), valueReference: { reference: '#destination' } },
      ...specimens.map((s) => ({
        type: coding(CODE_SYSTEMS.taskInput, 'specimen', 'Specimen'),
        valueReference: { reference: `#${s.group.id}` },
      })),
    ],
    ...(outputs.length > 0 ? { output: outputs } : {}),
  };
}
export type FhirTask = ReturnType<typeof taskOf>;
