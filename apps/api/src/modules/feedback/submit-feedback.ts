import { acceptsFeedback, MESSAGES, type TFeedbackRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { deliveries, feedback } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findPublicDelivery } from '../tracking/find-public-delivery.js';

export const FEEDBACK_MESSAGES = {
  notDelivered: 'Feedback can be left once the delivery is delivered',
  alreadySubmitted: 'Feedback has already been submitted for this delivery',
  rejected: 'Feedback is not asked for a delivery the receiving laboratory rejected',
} as const;

/** Anyone holding the tracking number may rate a delivered order, once. */
export async function submitFeedback(
  services: Pick<Services, 'db' | 'clock'>,
  caller: Anonymous,
  input: { trackingNumber: string; body: TFeedbackRequest },
): Promise<{ success: true; message: string }> {
  const { db, clock } = services;
  const found = await findPublicDelivery(db, input.trackingNumber);
  const at = clock.now();
  await db.transaction(async (tx) => {
    // The row lock orders this against a concurrent status change of the same delivery.
    const [delivery] = await tx
      .select({ id: deliveries.id, status: deliveries.status, receiptStatus: deliveries.receiptStatus })
      .from(deliveries)
      .where(eq(deliveries.id, found.id))
      .for('update');
    if (!acceptsFeedback(delivery.status)) throw conflict(FEEDBACK_MESSAGES.notDelivered);
    if (delivery.receiptStatus === 'rejected') throw conflict(FEEDBACK_MESSAGES.rejected);
    // The unique delivery_id settles two submissions racing each other: the second inserts nothing.
    const [row] = await tx
      .insert(feedback)
      .values({ deliveryId: delivery.id, rating: input.body.rating, comment: input.body.comment, createdAt: at })
      .onConflictDoNothing({ target: feedback.deliveryId })
      .returning({ id: feedback.id });
    if (!row) throw conflict(FEEDBACK_MESSAGES.alreadySubmitted);
    await recordAudit(
      tx,
      {
        action: 'feedback.submitted',
        targetType: 'delivery',
        targetId: delivery.id,
        ip: caller.ip,
        details: { feedbackId: row.id, orderId: found.orderId, rating: input.body.rating, hasComment: input.body.comment.length > 0 },
      },
      at,
    );
  });
  return { success: true as const, message: MESSAGES.feedbackThanks };
}
