import { STAT_ESCALATE_MINUTES } from '@courier/contract';
import type { Services } from '../../services.js';
import { markStatEscalated } from '../deliveries/mark-stat-escalated.js';
import { sendMedicalMessages } from '../messages/medical-messages.js';

/**
 * A STAT still not assigned 15 minutes after approval is escalated to MANAGER and above, once: the delivery
 * module flags each delivery in one conditional update, and the messages commit with the flag. No lock is
 * held between processes.
 */
export async function escalateUnassignedStats(services: Pick<Services, 'db' | 'clock' | 'publicUrl'>): Promise<number> {
  const now = services.clock.now();
  const edge = new Date(now.getTime() - STAT_ESCALATE_MINUTES * 60_000);
  return services.db.transaction(async (tx) => {
    const rows = await markStatEscalated(tx, { approvedBefore: edge, at: now }, (t, d) =>
      sendMedicalMessages(t, services, d, 'escalated', now),
    );
    return rows.length;
  });
}
