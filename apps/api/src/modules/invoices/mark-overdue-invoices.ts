import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { invoices } from '../../db/schema/index.js';
import { recordAudits } from '../../platform/audit.js';
import { createPeriodicTask, type PeriodicTask } from '../../platform/background-work.js';
import type { Services } from '../../services.js';
import { businessToday } from './business-days.js';

const EVERY_MS = 10 * 60_000;

/**
 * Issued invoices past their due date (BUSINESS_TZ) with a balance become overdue. One conditional update: run by
 * every process, each invoice turns once, with its audit row.
 */
export async function markOverdueInvoices(services: Services): Promise<number> {
  const now = services.clock.now();
  const today = businessToday(now, services.env.BUSINESS_TZ);
  return services.db.transaction(async (tx) => {
    const turned = await tx
      .update(invoices)
      .set({ status: 'overdue', updatedAt: now })
      .where(
        and(
          eq(invoices.status, 'issued'),
          lt(invoices.dueDate, today),
          gt(invoices.subtotalCents, sql`${invoices.creditedCents} + ${invoices.paidCents}`),
        ),
      )
      .returning({ id: invoices.id, dueDate: invoices.dueDate });
    await recordAudits(
      tx,
      turned.map((i) => ({
        entry: {
          action: 'invoice.overdue',
          targetType: 'invoice',
          targetId: i.id,
          details: { before: { status: 'issued' }, after: { status: 'overdue' }, dueDate: i.dueDate },
        },
        at: now,
      })),
    );
    return turned.length;
  });
}

/** The daily sweep, checked every ten minutes (the update is cheap and finds nothing once the day's are done). */
export function createOverdueSweep(
  services: Services,
  log: FastifyBaseLogger,
  intervalMs = EVERY_MS,
): Pick<PeriodicTask<number>, 'start' | 'stop' | 'run'> {
  return createPeriodicTask({
    log,
    failure: 'overdue invoice sweep failed',
    intervalMs,
    firstRunAfterMs: 30_000,
    run: () => markOverdueInvoices(services),
  });
}
