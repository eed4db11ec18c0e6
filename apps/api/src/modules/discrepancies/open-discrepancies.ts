import {
  ADMIN_ROLES,
  COMPANY,
  DISCREPANCY_KIND_LABELS,
  discrepancyDueAt,
  ROLE_IDS,
  STAFF_ROLES,
  type TDiscrepancyKind,
} from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, discrepancies, discrepancyNotes, users } from '../../db/schema/index.js';
import { recordAudits } from '../../platform/audit.js';
import { composeEmail } from '../../platform/email.js';
import { emailOutboxRow, enqueueOutboxRows } from '../../platform/outbox.js';
import type { Services } from '../../services.js';
import { trackingUrlOf } from '../../shared/delivery-json.js';
import { type CustomerNotice, notifyCustomers } from '../notifications/notify-customer.js';
import type { DiscrepancyRow } from './discrepancy-json.js';

export interface NewDiscrepancy {
  kind: TDiscrepancyKind;
  /** The delivery the piece travels on (an unexpected scan: the one it belongs to, else the manifest's it was found with). */
  deliveryId: string | null;
  pieceId?: string | null;
  barcode?: string | null;
  reason?: string | null;
  /** Why it opened, in words. */
  detail: string;
  expectedQuantity?: number | null;
  countedQuantity?: number | null;
  unit?: string | null;
}

export interface OpenedBy {
  actorId: string | null;
  ip?: string;
  /** The caller has already told dispatch and the owner of this very event (today's one-parcel rejection): no second word. */
  alreadyTold?: boolean;
}

const activeWithRoles = (roles: readonly string[]) =>
  and(
    inArray(
      users.roleId,
      roles.map((r) => ROLE_IDS[r as keyof typeof ROLE_IDS]),
    ),
    eq(users.isDeleted, false),
    eq(users.isDisabled, false),
  );

/**
 * Opens cases inside the caller's transaction (the receipt, the pickup, the count that found them): each case, its
 * first timeline entry and audit row; dispatch's bell at once (every staff account, one notice a case); one e-mail to
 * the owners of each account concerned; administrators by e-mail at once for a controlled count. Nothing clinical
 * leaves in an e-mail: the order id, the kind and a link.
 */
export async function openDiscrepancies(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl'>,
  cases: readonly NewDiscrepancy[],
  by: OpenedBy,
  at: Date,
): Promise<DiscrepancyRow[]> {
  if (cases.length === 0) return [];
  const deliveryIds = [...new Set(cases.map((c) => c.deliveryId).filter((id): id is string => !!id))];
  const parcels = deliveryIds.length
    ? await tx
        .select({
          id: deliveries.id,
          orderId: deliveries.orderId,
          accountId: deliveries.accountId,
          driverId: deliveries.driverId,
          customerId: deliveries.customerId,
        })
        .from(deliveries)
        .where(inArray(deliveries.id, deliveryIds))
    : [];
  const parcelOf = new Map(parcels.map((p) => [p.id, p]));
  const rows = await tx
    .insert(discrepancies)
    .values(
      cases.map((c) => {
        const p = c.deliveryId ? parcelOf.get(c.deliveryId) : undefined;
        return {
          kind: c.kind,
          status: 'open' as const,
          deliveryId: c.deliveryId,
          pieceId: c.pieceId ?? null,
          barcode: c.barcode ?? null,
          accountId: p?.accountId ?? null,
          driverId: p?.driverId ?? null,
          reason: c.reason ?? null,
          detail: c.detail,
          expectedQuantity: c.expectedQuantity ?? null,
          countedQuantity: c.countedQuantity ?? null,
          unit: c.unit ?? null,
          openedAt: at,
          dueAt: discrepancyDueAt(at),
          updatedAt: at,
        };
      }),
    )
    .returning();
  await tx.insert(discrepancyNotes).values(
    rows.map((r) => ({
      discrepancyId: r.id,
      kind: 'opened' as const,
      authorId: by.actorId,
      text: r.detail || DISCREPANCY_KIND_LABELS[r.kind],
      createdAt: at,
    })),
  );
  await recordAudits(
    tx,
    rows.map((r) => ({
      entry: {
        actorId: by.actorId,
        action: 'discrepancy.open',
        targetType: 'discrepancy',
        targetId: r.id,
        ip: by.ip,
        details: { kind: r.kind, deliveryId: r.deliveryId, barcode: r.barcode },
      },
      at,
    })),
  );

  if (by.alreadyTold) return rows;
  const orderOf = (r: DiscrepancyRow) => (r.deliveryId ? (parcelOf.get(r.deliveryId)?.orderId ?? '') : '');
  const caseUrl = (r: DiscrepancyRow) => `${services.publicUrl}/admin/discrepancies/${r.id}`;
  const staff = await tx.select({ id: users.id }).from(users).where(activeWithRoles(STAFF_ROLES));
  const notices: { notice: CustomerNotice; at: Date }[] = rows.flatMap((r) =>
    staff.map((s) => ({
      notice: {
        userId: s.id,
        deliveryId: r.deliveryId,
        title: `Case opened: ${DISCREPANCY_KIND_LABELS[r.kind]}`,
        message: `${r.barcode ?? orderOf(r)}: ${r.detail}`.slice(0, 500),
      },
      at,
    })),
  );
  await notifyCustomers(tx, notices);

  const emails = [];
  // The account owners hear once per delivery, naming each piece's case.
  const byDelivery = new Map<string, DiscrepancyRow[]>();
  for (const r of rows) if (r.deliveryId) byDelivery.set(r.deliveryId, [...(byDelivery.get(r.deliveryId) ?? []), r]);
  for (const [deliveryId, list] of byDelivery) {
    const p = parcelOf.get(deliveryId);
    if (!p) continue;
    const owners = p.accountId
      ? await tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .where(and(eq(users.accountId, p.accountId), eq(users.accountRole, 'owner'), eq(users.isDeleted, false)))
      : await tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .where(and(eq(users.id, p.customerId), eq(users.isDeleted, false)));
    for (const o of owners)
      emails.push(
        emailOutboxRow(
          composeEmail({
            to: o.email,
            subject: `${p.orderId}: ${list.length === 1 ? 'a piece needs attention' : `${list.length} pieces need attention`}`,
            paragraphs: [
              `Hello ${o.firstName},`,
              ...list.map((r) => `${r.barcode ?? p.orderId}: ${DISCREPANCY_KIND_LABELS[r.kind]}.`),
              `Dispatch has opened a case for each and will be in touch within a day.`,
              `${COMPANY.name} dispatch`,
            ],
            action: { label: 'See your delivery', href: trackingUrlOf(services.publicUrl, p.orderId) },
          }),
          at,
        ),
      );
  }
  const counts = rows.filter((r) => r.kind === 'controlled_count');
  if (counts.length) {
    const admins = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(activeWithRoles(ADMIN_ROLES));
    for (const r of counts)
      for (const a of admins)
        emails.push(
          emailOutboxRow(
            composeEmail({
              to: a.email,
              subject: `Controlled-substance count differs: ${r.barcode ?? orderOf(r)}`,
              paragraphs: [`Hello ${a.firstName},`, r.detail, 'A loss report is ready on the case for the regulator’s theft-or-loss form.'],
              action: { label: 'Open the case', href: caseUrl(r) },
            }),
            at,
          ),
        );
  }
  await enqueueOutboxRows(tx, emails);
  return rows;
}
