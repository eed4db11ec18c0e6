import { type TInvoiceRunRequest, ZInvoiceRunRequest } from '@courier/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { customerAccounts, invoices } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { periodInstants } from './business-days.js';
import { toInvoiceSummary } from './invoice-json.js';

export const INVOICE_CHANGE_FORBIDDEN = 'Only an administrator can run, change or issue invoices';
/** Transaction-scoped lock: runs happen one after the other in every process. */
const RUN_LOCK_KEY = 0x696e_7672; // "invr"

/**
 * The month end: one draft per account for its priced deliveries finished in the period and on no live invoice, one
 * line per charge, grouped by delivery. A second run adds only what the first did not take (to the same draft);
 * the run lock and the invoiced_deliveries key keep two runs at once from making two sets.
 */
export async function runInvoices(services: Services, actor: Actor, input: TInvoiceRunRequest) {
  if (!mayChangeInvoices(actor)) throw forbidden(INVOICE_CHANGE_FORBIDDEN);
  const { from, to } = ZInvoiceRunRequest.parse(input);
  const { start, end } = periodInstants(from, to, services.env.BUSINESS_TZ);
  const tz = services.env.BUSINESS_TZ;
  const now = services.clock.now();
  const at = now.toISOString();
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK_KEY})`);
    const eligible = sql`d.finished_at >= ${start.toISOString()}::timestamptz and d.finished_at < ${end.toISOString()}::timestamptz
      and d.pricing is not null and d.price_cents > 0
      and not exists (select 1 from invoiced_deliveries i where i.delivery_id = d.id)`;
    await tx.execute(sql`
      insert into invoices (account_id, status, period_from, period_to, created_at, updated_at)
      select distinct d.account_id, 'draft', ${from}::date, ${to}::date, ${at}::timestamptz, ${at}::timestamptz
      from deliveries d where ${eligible}
      on conflict (account_id, period_from, period_to) where status = 'draft' do nothing`);
    // Where each draft's new lines start: read first, since a subquery per inserted row would scan a table the very
    // statement is filling (quadratic on a month of 40,000 lines).
    const starts = await tx.execute(sql`
      select v.id, coalesce(max(l.position), 0)::int as p from invoices v left join invoice_lines l on l.invoice_id = v.id
      where v.status = 'draft' and v.period_from = ${from}::date and v.period_to = ${to}::date group by v.id`);
    const added = await tx.execute(sql`
      with taken as (
        insert into invoiced_deliveries (delivery_id, invoice_id)
        select d.id, v.id from deliveries d
        join invoices v on v.account_id = d.account_id and v.status = 'draft' and v.period_from = ${from}::date and v.period_to = ${to}::date
        where ${eligible}
        on conflict (delivery_id) do nothing
        returning delivery_id, invoice_id
      ),
      charges as (
        select t.invoice_id, d.id as delivery_id, d.order_id, d.finished_at, d.reference,
          coalesce(d.pickup_label, d.pickup_address) || ' -> ' || coalesce(d.delivery_label, d.delivery_address) as route,
          l.line, l.n
        from taken t
        join deliveries d on d.id = t.delivery_id
        cross join lateral jsonb_array_elements(d.pricing -> 'lines') with ordinality as l(line, n)
      ),
      inserted as (
        insert into invoice_lines (invoice_id, delivery_id, position, tracking_number, service_date, reference, route, code,
          description, priced_cents, amount_cents)
        select c.invoice_id, c.delivery_id,
          coalesce(b.p, 0) + row_number() over (partition by c.invoice_id order by c.finished_at, c.order_id, c.n),
          c.order_id, (c.finished_at at time zone ${tz})::date, c.reference, c.route, c.line ->> 'code',
          c.line ->> 'description', (c.line ->> 'amountCents')::int, (c.line ->> 'amountCents')::int
        from charges c left join jsonb_to_recordset(${JSON.stringify(starts.rows)}::jsonb) as b(id uuid, p int) on b.id = c.invoice_id
        returning invoice_id, delivery_id
      )
      select invoice_id, count(distinct delivery_id)::int as deliveries from inserted group by invoice_id`);
    const touched = added.rows as { invoice_id: string; deliveries: number }[];
    const ids = touched.map((r) => r.invoice_id);
    if (ids.length > 0) {
      await tx.execute(sql`
        update invoices v set subtotal_cents = s.total, updated_at = ${at}::timestamptz
        from (select invoice_id, sum(amount_cents)::int as total from invoice_lines where invoice_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) group by invoice_id) s
        where v.id = s.invoice_id`);
    }
    const deliveryCount = touched.reduce((n, r) => n + Number(r.deliveries), 0);
    const rows =
      ids.length === 0
        ? []
        : await tx
            .select({ invoice: invoices, accountName: customerAccounts.name })
            .from(invoices)
            .innerJoin(customerAccounts, eq(customerAccounts.id, invoices.accountId))
            .where(inArray(invoices.id, ids));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'invoice.run',
        targetType: 'invoice_run',
        targetId: `${from}..${to}`,
        ip: actor.ip,
        details: { after: { from, to, invoices: ids, deliveries: deliveryCount } },
      },
      now,
    );
    return {
      invoices: rows.map((r) => toInvoiceSummary(r.invoice, r.accountName)).sort((a, b) => a.accountName.localeCompare(b.accountName)),
      deliveries: deliveryCount,
    };
  });
}
