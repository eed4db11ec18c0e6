import { emailUnsubscribes } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { emailOfUnsubscribeToken } from './unsubscribe-token.js';

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';

/** The address an unsubscribe link stands for (404 for a forged or broken one). */
export function unsubscribeAddress(services: Pick<Services, 'jwtKey'>, token: string): string {
  const email = emailOfUnsubscribeToken(services.jwtKey, token);
  if (!email) throw notFound(UNSUBSCRIBE_LINK_INVALID);
  return email;
}

/** One-click unsubscribe (RFC 8058): the address gets no further recipient e-mails. Repeating it is harmless. */
export async function unsubscribeRecipient(
  services: Pick<Services, 'db' | 'clock' | 'jwtKey'>,
  { ip }: Pick<Anonymous, 'ip'>,
  { token }: { token: string },
) {
  const email = unsubscribeAddress(services, token);
  const at = services.clock.now();
  await services.db.transaction(async (tx) => {
    const added = await tx
      .insert(emailUnsubscribes)
      .values({ email, unsubscribedAt: at })
      .onConflictDoNothing()
      .returning({ email: emailUnsubscribes.email });
    if (added.length) await recordAudit(tx, { action: 'email.unsubscribe', targetType: 'email', targetId: email, ip }, at);
  });
  return email;
}
