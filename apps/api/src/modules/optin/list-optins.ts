import type { TAdminOptinsResponse } from '@courier/contract';
import { count, desc } from 'drizzle-orm';
import { optins } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { pageOf } from '../../shared/paging.js';

/** SMS and e-mail consents with the text agreed to and when: the proof a regulator asks for. */
export async function listOptins(services: Services, actor: Actor, query: { page: number; limit: number }): Promise<TAdminOptinsResponse> {
  assertAudience(actor, 'staff');
  const [{ n }] = await services.db.select({ n: count() }).from(optins);
  const { offset, ...paging } = pageOf(Number(n), query);
  const rows = await services.db
    .select()
    .from(optins)
    .orderBy(desc(optins.consentedAt), desc(optins.id))
    .limit(paging.limit)
    .offset(offset);
  await auditRead(services, actor, 'optin.list', { page: paging.page, rows: rows.length });
  return {
    success: true,
    data: rows.map((o) => ({
      _id: o.id,
      phone: o.phone,
      company: o.company,
      email: o.email,
      consent: { sms: o.consentSms, email: o.consentEmail, marketing: o.consentMarketing },
      smsStatus: o.smsWithdrawnAt ? 'stopped' : o.consentSms ? 'confirmed' : o.smsRequestedAt ? 'pending' : 'none',
      source: o.source,
      consentText: o.consentText,
      consentedAt: o.consentedAt.toISOString(),
    })),
    paging,
  };
}
