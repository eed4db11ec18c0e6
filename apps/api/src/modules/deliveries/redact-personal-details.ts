import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  auditEvents,
  deliveries,
  deliveryAttempts,
  deliveryEvents,
  deliveryReturns,
  feedback,
  proofsOfDelivery,
  shippingLabels,
  storedFiles,
} from '../../db/schema/index.js';
import { appendCustodyEvent, custodyHash, listCustodyEvents } from './custody.js';

/** What stands where a name or a free-text note was. */
export const REMOVED = '[removed]';
const FINISHED = ['delivered', 'returned', 'cancelled'] as const;
/** Audit detail keys that hold a recipient's (or their stand-in's) personal details. */
const PERSONAL_AUDIT_KEYS = ['recipientName', 'receivedBy', 'idName', 'idLast4', 'recipientPhone', 'recipientEmail'];

/** Finished deliveries (by their own finished_at) still holding personal details, oldest first, locked for this run. */
export async function pickDeliveriesToRedact(tx: DbOrTx, finishedBefore: Date, limit: number): Promise<{ id: string }[]> {
  return tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        isNull(deliveries.personalDetailsRemovedAt),
        isNotNull(deliveries.finishedAt),
        lt(deliveries.finishedAt, finishedBefore),
        inArray(deliveries.status, [...FINISHED]),
      ),
    )
    .orderBy(deliveries.finishedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export interface RedactedDelivery {
  /** The recipient's phone and e-mail as they were, to find their messages and consent elsewhere. */
  phone: string;
  email: string;
  orderId: string;
  /** Every personal value removed, to scrub free text that repeated it elsewhere. */
  values: string[];
  /** Stored files (photos, signatures, labels) whose rows are gone: the caller removes them from storage after the commit. */
  filePaths: string[];
  /** Custody events whose notes changed (each sealed by the redaction event). */
  sealedEvents: number;
}

/** Replaces every personal value in `text` (longest first, so a full name goes before its parts). */
export function scrub(text: string, values: readonly string[]): string {
  let out = text;
  for (const v of values) if (v.length >= 2) out = out.split(v).join(REMOVED);
  return out;
}

/**
 * Removes the recipient's personal details from a finished delivery and what hangs off it, inside the caller's
 * transaction (the caller holds the row, see `pickDeliveriesToRedact`): names, phone, e-mail and instructions on the
 * row, proof and hand-back names, notes, photos, signatures and labels, feedback text, and the names in its custody
 * notes and audit details. The records stay: every custody event, proof, receipt and audit row is kept. Changed
 * custody notes are sealed by a 'redaction' event appended to the chain, so the chain still verifies.
 */
export async function redactPersonalDetails(tx: DbOrTx, deliveryId: string, at: Date): Promise<RedactedDelivery | null> {
  const [d] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), isNull(deliveries.personalDetailsRemovedAt)));
  if (!d || !(FINISHED as readonly string[]).includes(d.status)) return null;
  const [proof] = await tx.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.deliveryId, d.id));
  const [handback] = await tx.select().from(deliveryReturns).where(eq(deliveryReturns.deliveryId, d.id));
  const attempts = await tx.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, d.id));
  const [label] = await tx.select().from(shippingLabels).where(eq(shippingLabels.deliveryId, d.id));
  const audits = await tx
    .select({ id: auditEvents.id, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'delivery'), eq(auditEvents.targetId, d.id)));

  const fromAudit = audits.flatMap((a) =>
    PERSONAL_AUDIT_KEYS.flatMap((k) => {
      const v = a.details?.[k];
      if (typeof v !== 'string' || v === REMOVED) return [];
      return k === 'idLast4' ? [`ending ${v}`] : [v];
    }),
  );
  const values = [
    ...new Set(
      [
        d.recipientName,
        d.recipientPhone,
        d.recipientEmail,
        d.receiptReceivedBy,
        proof?.recipientName,
        proof?.notes,
        handback?.receivedBy,
        handback?.notes,
        ...fromAudit,
      ].filter((v): v is string => !!v && v.trim().length >= 2 && v !== REMOVED),
    ),
  ].sort((a, b) => b.length - a.length);

  const fileIds = [
    d.packageImageId,
    proof?.photoFileId,
    proof?.signatureFileId,
    handback?.photoFileId,
    handback?.signatureFileId,
    label?.pdfFileId,
    label?.imageFileId,
    ...attempts.map((a) => a.photoFileId),
  ].filter((id): id is string => !!id);

  await tx
    .update(deliveries)
    .set({
      recipientName: REMOVED,
      recipientPhone: '',
      recipientEmail: '',
      specialInstructions: '',
      receiptReceivedBy: d.receiptReceivedBy ? REMOVED : null,
      packageImageId: null,
      personalDetailsRemovedAt: at,
    })
    .where(eq(deliveries.id, d.id));
  if (proof)
    await tx
      .update(proofsOfDelivery)
      .set({ recipientName: REMOVED, notes: '', photoFileId: null, signatureFileId: null })
      .where(eq(proofsOfDelivery.deliveryId, d.id));
  if (handback)
    await tx
      .update(deliveryReturns)
      .set({ receivedBy: REMOVED, notes: '', photoFileId: null, signatureFileId: null })
      .where(eq(deliveryReturns.deliveryId, d.id));
  for (const a of attempts)
    await tx
      .update(deliveryAttempts)
      .set({ note: scrub(a.note, values), photoFileId: null })
      .where(eq(deliveryAttempts.id, a.id));
  if (label) await tx.delete(shippingLabels).where(eq(shippingLabels.deliveryId, d.id));
  await tx.update(feedback).set({ comment: '' }).where(eq(feedback.deliveryId, d.id));
  for (const a of audits) {
    if (!a.details || !PERSONAL_AUDIT_KEYS.some((k) => typeof a.details?.[k] === 'string')) continue;
    const details = Object.fromEntries(
      Object.entries(a.details).map(([k, v]) => [k, PERSONAL_AUDIT_KEYS.includes(k) && typeof v === 'string' ? REMOVED : v]),
    );
    await tx.update(auditEvents).set({ details }).where(eq(auditEvents.id, a.id));
  }
  const filePaths = fileIds.length
    ? (await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds)).returning({ path: storedFiles.path })).map((f) => f.path)
    : [];

  // Custody notes that named the recipient are scrubbed; each keeps its original hash (the next event links to it)
  // and is sealed, with its hash over the new note, by the redaction event that closes the chain.
  const seals: [number, string][] = [];
  for (const e of await listCustodyEvents(tx, d.id)) {
    const note = e.note === null ? null : scrub(e.note, values);
    if (note === e.note) continue;
    await tx.update(deliveryEvents).set({ note }).where(eq(deliveryEvents.id, e.id));
    seals.push([e.seq, custodyHash(e.prevHash, { ...e, note })]);
  }
  await appendCustodyEvent(tx, {
    deliveryId: d.id,
    status: d.status,
    locationLabel: d.currentLabel,
    lat: d.currentLat,
    lng: d.currentLng,
    actorId: null,
    actorRole: 'system',
    kind: 'redaction',
    note: seals.length
      ? `Personal details removed under the retention policy; events ${seals.map(([seq]) => seq).join(', ')} sealed`
      : 'Personal details removed under the retention policy',
    seals: JSON.stringify(seals),
    at,
  });
  return { phone: d.recipientPhone, email: d.recipientEmail, orderId: d.orderId, values, filePaths, sealedEvents: seals.length };
}

/** Whether any delivery still holds this phone or e-mail (as recipient or sender): its consent record is still needed. */
export async function contactStillInUse(tx: DbOrTx, contact: { phone?: string; email?: string }): Promise<boolean> {
  const conditions = [
    contact.phone ? or(eq(deliveries.recipientPhone, contact.phone), eq(deliveries.senderPhone, contact.phone)) : undefined,
    contact.email ? eq(deliveries.recipientEmail, contact.email) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return false;
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(deliveries)
    .where(or(...conditions))
    .limit(1);
  return !!row;
}
