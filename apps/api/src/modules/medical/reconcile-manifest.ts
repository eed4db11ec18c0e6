import {
  LAB_PIECE_RESULT_LABELS,
  MANIFEST_ALREADY_RECONCILED,
  REJECTION_REASON_LABELS,
  type TDiscrepancyKind,
  type TManifestReceiptRequest,
} from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { deliveryPieces, discrepancies } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { recordPieceResults } from '../deliveries/record-piece-results.js';
import { recordReceiptOnDelivery } from '../deliveries/record-receipt-on-delivery.js';
import { type NewDiscrepancy, openDiscrepancies } from '../discrepancies/open-discrepancies.js';
import { manifestDeliveries, piecesOf } from './manifest.js';

type Outcome = 'received' | 'missing' | 'damaged' | 'rejected';

/**
 * The lab's reconciliation of a manifest, once: every expected piece ends received, missing, damaged or rejected
 * (left out of the answer: missing), a barcode not on the manifest is recorded as unexpected, each delivery gets its
 * receipt (409 for a second answer), and every piece not received opens a case, in one transaction.
 */
export async function reconcileManifest(services: Services, caller: Anonymous, anchor: DeliveryRow, input: TManifestReceiptRequest) {
  if (anchor.receiptStatus) throw conflict(MANIFEST_ALREADY_RECONCILED);
  const now = services.clock.now();
  const timeOf = (scannedAt: string | undefined) => {
    if (!scannedAt) return now;
    const at = new Date(scannedAt);
    const floor = anchor.deliveredAt ?? anchor.updatedAt;
    return at > now ? now : at < floor ? floor : at;
  };
  await services.db.transaction(async (tx) => {
    const members = (await manifestDeliveries(tx, anchor, services.env.BUSINESS_TZ)).filter((m) => m.d.receiptStatus === null);
    const pieces = await piecesOf(
      tx,
      members.map((m) => m.d.id),
    );
    const expected = new Map(pieces.filter((p) => p.status !== 'not_handed_over').map((p) => [p.barcode.toUpperCase(), p]));
    const answers = new Map(input.pieces.map((a) => [a.barcode.trim().toUpperCase(), a]));
    const results: { pieceId: string; deliveryId: string; barcode: string; status: Outcome; at: Date; reason?: string; note?: string }[] =
      [];
    for (const [barcode, p] of expected) {
      const a = answers.get(barcode);
      const status: Outcome = !a || a.status === 'unexpected' ? (a ? 'received' : 'missing') : a.status;
      results.push({
        pieceId: p.id,
        deliveryId: p.deliveryId,
        barcode: p.barcode,
        status,
        at: timeOf(a?.scannedAt),
        reason: a?.reason,
        note: a?.note,
      });
    }
    await recordPieceResults(tx, results, now);

    const cases: NewDiscrepancy[] = results
      .filter((r) => r.status !== 'received')
      .map((r) => ({
        kind: (r.status === 'rejected' && r.reason === 'temperature' ? 'temperature' : r.status) as TDiscrepancyKind,
        deliveryId: r.deliveryId,
        pieceId: r.pieceId,
        barcode: r.barcode,
        reason: r.reason ?? null,
        detail:
          `${LAB_PIECE_RESULT_LABELS[r.status]} at the lab (${input.receivedBy})` +
          (r.reason ? `: ${REJECTION_REASON_LABELS[r.reason as keyof typeof REJECTION_REASON_LABELS] ?? r.reason}` : '') +
          (r.note ? ` - ${r.note}` : ''),
      }));
    for (const [barcode, a] of answers) {
      if (expected.has(barcode)) continue;
      // A piece of another delivery (another lab's, another visit) is linked to it; anything else to this manifest.
      const [known] = await tx.select().from(deliveryPieces).where(eq(deliveryPieces.barcode, barcode));
      cases.push({
        kind: 'unexpected',
        deliveryId: known?.deliveryId ?? anchor.id,
        pieceId: known?.id ?? null,
        barcode,
        detail: `Scanned at the lab (${input.receivedBy}) but not on the manifest${known ? `: a piece of ${barcode.slice(0, -3)}` : ''}${a.note ? ` - ${a.note}` : ''}`,
      });
    }

    for (const m of members) {
      const mine = results.filter((r) => r.deliveryId === m.d.id);
      const received = mine.filter((r) => r.status === 'received').length;
      const allRejected = mine.length > 0 && mine.every((r) => r.status === 'rejected');
      const differences = mine.filter((r) => r.status !== 'received').map((r) => `${r.barcode} ${r.status}`);
      await recordReceiptOnDelivery(
        tx,
        services,
        m.d.id,
        { actorId: null, actorRole: 'RECEIVER', ip: caller.ip },
        {
          status: allRejected ? 'rejected' : 'accepted',
          reason: allRejected ? ((mine[0].reason as never) ?? 'other') : undefined,
          receivedBy: input.receivedBy,
          comment: `${received} of ${mine.length} pieces received${differences.length ? `; ${differences.join(', ')}` : ''}`.slice(0, 500),
        },
      );
    }
    // A piece the driver already reported left behind has its case: the lab's "missing" confirms it, no second one.
    const pieceIds = cases.filter((c) => c.kind === 'missing' && c.pieceId).map((c) => c.pieceId as string);
    const known = pieceIds.length
      ? new Set(
          (
            await tx
              .select({ pieceId: discrepancies.pieceId })
              .from(discrepancies)
              .where(and(inArray(discrepancies.pieceId, pieceIds), inArray(discrepancies.kind, ['missing', 'not_handed_over'])))
          ).map((r) => r.pieceId),
        )
      : new Set<string | null>();
    const fresh = cases.filter((c) => !(c.kind === 'missing' && c.pieceId && known.has(c.pieceId)));
    await openDiscrepancies(tx, services, fresh, { actorId: null, ip: caller.ip }, now);
  });
  services.outbox.kick();
}
