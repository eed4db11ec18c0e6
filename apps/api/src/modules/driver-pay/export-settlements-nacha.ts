import { PAY_CHANGE_FORBIDDEN, PAYROLL_NOT_CONFIGURED, ZPayPeriodQuery } from '@courier/contract';
import { inArray } from 'drizzle-orm';
import nach from 'nach2';
import { driverBankAccounts } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeDriverPay } from '../../platform/policy.js';
import { unseal } from '../../platform/sealed.js';
import type { Services } from '../../services.js';
import { addDays, localClock } from '../../shared/business-time.js';
import { findSettlements } from './settlements.queries.js';
import { dataKeyOf } from './set-bank-account.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** NACHA's alphanumeric fields take printable ASCII only: anything else in a name becomes a space. */
const ascii = (text: string, width: number) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, width) || 'DRIVER';

/**
 * Direct deposit: a NACHA PPD credit file (one batch, one credit per driver) of the approved settlements whose period
 * lies within the days asked (one credit per driver), written by nach2. The company's side is PAYROLL_*; a driver without a bank account
 * stops the export naming them. The only place the account numbers leave the database unsealed.
 */
export async function exportSettlementsNacha(services: Services, actor: Actor, input: { from: string; to: string }) {
  if (!mayChangeDriverPay(actor)) throw forbidden(PAY_CHANGE_FORBIDDEN);
  const { from, to } = ZPayPeriodQuery.parse(input);
  const env = services.env;
  if (!env.PAYROLL_COMPANY_NAME || !env.PAYROLL_COMPANY_ID || !env.PAYROLL_ROUTING_NUMBER || !env.PAYROLL_ACCOUNT_NUMBER)
    throw conflict(PAYROLL_NOT_CONFIGURED);
  const approved = (await findSettlements(services.db, { status: 'approved', from, to }, 100_000)).filter(
    (s) => s.periodFrom >= from && s.periodTo <= to && s.netCents > 0,
  );
  if (approved.length === 0) throw conflict('No approved settlement with money to pay in this period');
  const accounts = await services.db
    .select()
    .from(driverBankAccounts)
    .where(inArray(driverBankAccounts.driverId, [...new Set(approved.map((s) => s.driverId))]));
  const accountOf = new Map(accounts.map((a) => [a.driverId, a]));
  const missing = [...new Set(approved.filter((s) => !accountOf.has(s.driverId)).map((s) => s.driverName))];
  if (missing.length) throw conflict(`No bank account for ${missing.join(', ')}: add one before exporting direct deposits`);

  const now = services.clock.now();
  const today = localClock(now, env.BUSINESS_TZ).date;
  const [y, m, d] = today.split('-').map(Number);
  const next = addDays({ year: y, month: m, day: d }, 1);
  const odfi = env.PAYROLL_ROUTING_NUMBER.slice(0, 8);
  const file = new nach.File({
    immediateDestination: env.PAYROLL_ROUTING_NUMBER,
    // The header's origin is numeric: the company id when it is ten digits (1 and the EIN), else the bank's routing.
    immediateOrigin: /^\d{10}$/.test(env.PAYROLL_COMPANY_ID) ? env.PAYROLL_COMPANY_ID : env.PAYROLL_ROUTING_NUMBER,
    immediateDestinationName: 'PAYROLL BANK',
    immediateOriginName: ascii(env.PAYROLL_COMPANY_NAME, 23),
    referenceCode: `PY${to.replaceAll('-', '').slice(2)}`,
  });
  const batch = new nach.Batch({
    serviceClassCode: '220',
    companyName: ascii(env.PAYROLL_COMPANY_NAME, 16),
    standardEntryClassCode: 'PPD',
    companyIdentification: env.PAYROLL_COMPANY_ID,
    companyEntryDescription: 'PAYROLL',
    companyDescriptiveDate: `${MONTHS[Number(to.slice(5, 7)) - 1]} ${to.slice(8, 10)}`,
    effectiveEntryDate: new Date(Date.UTC(next.year, next.month - 1, next.day, 12)),
    originatingDFI: odfi,
  });
  // One deposit per driver: the sum of their approved settlements in the period.
  const perDriver = new Map<string, { driverId: string; driverName: string; netCents: number }>();
  for (const s of approved) {
    const d = perDriver.get(s.driverId) ?? { driverId: s.driverId, driverName: s.driverName, netCents: 0 };
    d.netCents += s.netCents;
    perDriver.set(s.driverId, d);
  }
  const key = dataKeyOf(services);
  [...perDriver.values()].forEach((s, i) => {
    const account = accountOf.get(s.driverId)!;
    const { routingNumber, accountNumber } = JSON.parse(unseal(key, account.sealed)) as { routingNumber: string; accountNumber: string };
    batch.addEntry(
      new nach.Entry({
        // 22: a credit to a checking account, 32: to a savings account.
        transactionCode: account.accountType === 'savings' ? '32' : '22',
        receivingDFI: routingNumber,
        DFIAccount: accountNumber,
        amount: (s.netCents / 100).toFixed(2),
        idNumber: s.driverId.replaceAll('-', '').slice(0, 15),
        individualName: ascii(s.driverName, 22),
        discretionaryData: '  ',
        traceNumber: `${odfi}${String(i + 1).padStart(7, '0')}`,
      }),
    );
  });
  file.addBatch(batch);
  const text = await new Promise<string>((resolve) => file.generateFile(resolve));
  await recordAudit(
    services.db,
    {
      actorId: actor.id,
      action: 'driver_pay.export_nacha',
      targetType: 'settlement',
      ip: actor.ip,
      details: { from, to, settlements: approved.map((s) => s.id), totalCents: approved.reduce((n, s) => n + s.netCents, 0) },
    },
    now,
  );
  return { text: `${text}\n`, fileName: `direct-deposit-${from}-to-${to}.ach` };
}
