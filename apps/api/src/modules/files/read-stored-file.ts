import { roleFromId } from '@courier/contract';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  deliveries,
  deliveryAttempts,
  deliveryReturns,
  proofsOfDelivery,
  shippingLabels,
  storedFiles,
  users,
} from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { auditRead } from '../../platform/audit.js';
import { type Actor, mayReadFile, readsAsStaff } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export interface StoredFileDownload {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** The delivery a file belongs to: its package image, label, proof of delivery, a failed attempt's photo or the hand-back's. */
async function deliveryOfFile(db: Db, fileId: string) {
  const [attempt] = await db
    .select({
      orderId: deliveries.orderId,
      customerId: deliveries.customerId,
      accountId: deliveries.accountId,
      driverId: deliveries.driverId,
      status: deliveries.status,
    })
    .from(deliveryAttempts)
    .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
    .where(eq(deliveryAttempts.photoFileId, fileId))
    .limit(1);
  if (attempt) return attempt;
  const [handback] = await db
    .select({
      orderId: deliveries.orderId,
      customerId: deliveries.customerId,
      accountId: deliveries.accountId,
      driverId: deliveries.driverId,
      status: deliveries.status,
    })
    .from(deliveryReturns)
    .innerJoin(deliveries, eq(deliveries.id, deliveryReturns.deliveryId))
    .where(or(eq(deliveryReturns.photoFileId, fileId), eq(deliveryReturns.signatureFileId, fileId)))
    .limit(1);
  if (handback) return handback;
  const [row] = await db
    .select({
      orderId: deliveries.orderId,
      customerId: deliveries.customerId,
      accountId: deliveries.accountId,
      driverId: deliveries.driverId,
      status: deliveries.status,
    })
    .from(deliveries)
    .leftJoin(shippingLabels, eq(shippingLabels.deliveryId, deliveries.id))
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id))
    .where(
      or(
        eq(deliveries.packageImageId, fileId),
        eq(shippingLabels.pdfFileId, fileId),
        eq(shippingLabels.imageFileId, fileId),
        eq(proofsOfDelivery.photoFileId, fileId),
        eq(proofsOfDelivery.signatureFileId, fileId),
      ),
    )
    .limit(1);
  return row;
}

/** A signed link's reader: the account it was minted for, as it stands now (a disabled or deleted one reads nothing). */
async function actorOfLink(db: Db, link: { linkedFor: string; ip?: string }): Promise<Actor | null> {
  const [row] = await db
    .select({
      roleId: users.roleId,
      isDeleted: users.isDeleted,
      isDisabled: users.isDisabled,
      accountId: users.accountId,
      accountRole: users.accountRole,
    })
    .from(users)
    .where(eq(users.id, link.linkedFor))
    .limit(1);
  const role = roleFromId(row?.roleId);
  if (!row || !role || row.isDeleted || row.isDisabled) return null;
  // The account as it stands now: an owner removed since the link was minted reads as the person alone.
  const account = row.accountId && row.accountRole ? { id: row.accountId, role: row.accountRole } : undefined;
  return account ? { id: link.linkedFor, role, ip: link.ip, account } : { id: link.linkedFor, role, ip: link.ip };
}

/**
 * A stored file for its delivery's owner, its assigned driver or staff, reading with a Bearer token or a signed
 * link minted for them (`linkedFor`): either way checked, and a staff read audited, as that account. Anyone else
 * gets the same 404 as for a file that does not exist.
 */
export async function readStoredFile(
  services: Services,
  caller: Actor | { linkedFor: string; ip?: string },
  { fileId }: { fileId: string },
): Promise<StoredFileDownload> {
  const { db, storage } = services;
  if (!isUuid(fileId)) throw notFound('File not found');
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
  if (!file) throw notFound('File not found');
  const reader = 'linkedFor' in caller ? await actorOfLink(db, caller) : caller;
  if (!reader) throw notFound('File not found');
  const delivery = await deliveryOfFile(db, fileId);
  if (!mayReadFile(reader, { delivery, uploaderId: file.ownerId })) throw notFound('File not found');
  let bytes: Buffer;
  try {
    bytes = await storage.get(file.path);
  } catch {
    throw notFound('File not found');
  }
  // A staff member opening someone else's file (a proof photo, a signature, a label) reads personal data.
  const partiesOf = delivery ?? { customerId: file.ownerId ?? '', accountId: '', driverId: null, status: 'pending' as const };
  if (readsAsStaff(reader, partiesOf)) {
    await auditRead(services, reader, 'file.read', { targetType: 'file', targetId: file.id, kind: file.kind, orderId: delivery?.orderId });
  }
  const stem = `${file.kind.replace('_', '-')}${delivery ? `-${delivery.orderId}` : ''}`;
  return { bytes, contentType: file.contentType, fileName: `${stem}.${EXTENSIONS[file.contentType] ?? 'bin'}` };
}
