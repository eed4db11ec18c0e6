import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type TImportRowError } from '@courier/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { ZodError } from 'zod';
import { AppError, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { type CheckedBooking, checkBooking, writeBooking } from './create-delivery.js';

/** A cell a spreadsheet would run as a formula (CSV injection): refused, never stored. */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_MESSAGE = 'A cell may not start with =, +, - or @ (a spreadsheet formula)';
/** The phone columns, where a plain E.164 number (+ then digits only) is a phone, not a formula. */
const PHONE_COLUMNS: ReadonlySet<string> = new Set(['senderPhone', 'recipientPhone']);
const E164 = /^\+[1-9]\d{1,14}$/;
const PHONE_FORMULA_MESSAGE = `${FORMULA_MESSAGE}; a phone number may start with + only in E.164 form, e.g. +16175550100`;

/** The formula refusal for a cell, or null: a phone column's +digits (E.164) is a number any spreadsheet reads as one. */
function formulaProblem(column: string, cell: string): string | null {
  if (!FORMULA_START.test(cell)) return null;
  if (!PHONE_COLUMNS.has(column)) return FORMULA_MESSAGE;
  return E164.test(cell) ? null : PHONE_FORMULA_MESSAGE;
}

export type ImportOutcome = { ok: true; created: number } | { ok: false; errors: TImportRowError[] };

const KNOWN: ReadonlySet<string> = new Set(IMPORT_COLUMNS);

function readRows(csv: string): { header: string[]; rows: { line: number; cells: string[] }[] } | TImportRowError[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, info: true, relax_column_count: false }) as never;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 1;
      return [{ line, field: 'csv', message: `The file is not valid CSV: ${err.message.replace(/^Invalid Record Length: /, '')}` }];
    }
    throw err;
  }
  if (records.length === 0) return [{ line: 1, field: 'csv', message: 'The file is empty: the first line must name the columns' }];
  const [first, ...rest] = records;
  const header = first.record.map((h) => h.trim());
  const problems: TImportRowError[] = [];
  header.forEach((name, i) => {
    if (!KNOWN.has(name))
      problems.push({ line: 1, field: name || `column ${i + 1}`, message: `Unknown column (use ${IMPORT_COLUMNS.join(', ')})` });
    else if (header.indexOf(name) !== i) problems.push({ line: 1, field: name, message: 'Column appears twice' });
  });
  if (rest.length === 0) problems.push({ line: 2, field: 'csv', message: 'The file has no deliveries below its header' });
  if (rest.length > IMPORT_MAX_ROWS)
    problems.push({ line: rest[IMPORT_MAX_ROWS].info.lines, field: 'csv', message: `At most ${IMPORT_MAX_ROWS} deliveries per file` });
  if (problems.length > 0) return problems;
  return { header, rows: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

/** Why a row was refused, per field, in the words the form uses. */
function rowErrors(line: number, err: unknown): TImportRowError[] {
  if (err instanceof ZodError) return err.issues.map((i) => ({ line, field: String(i.path[0] ?? 'row'), message: i.message }));
  if (err instanceof AppError && err.statusCode === 400) {
    const field = err.details?.field ?? 'row';
    return [{ line, field, message: err.message.replace(`${field}: `, '') }];
  }
  throw err;
}

/**
 * A CSV of deliveries (the header names the API's fields): every row checked by the booking's own rules; any
 * bad row and nothing is created, the answer listing every bad cell by line and field; otherwise every row is
 * booked in one transaction through the booking's core (custody, messages, audit).
 */
export async function importDeliveries(services: Services, actor: Actor, input: { csv: string }): Promise<ImportOutcome> {
  if (!mayBookDelivery(actor)) throw forbidden('Only a customer account can import deliveries');
  const read = readRows(input.csv);
  if (Array.isArray(read)) return { ok: false, errors: read };
  const errors: TImportRowError[] = [];
  const checked: CheckedBooking[] = [];
  for (const { line, cells } of read.rows) {
    const formulas = cells.flatMap((cell, i) => {
      const message = formulaProblem(read.header[i], cell);
      return message ? [{ line, field: read.header[i], message }] : [];
    });
    if (formulas.length > 0) {
      errors.push(...formulas);
      continue;
    }
    const fields = Object.fromEntries(read.header.map((name, i) => [name, cells[i]]));
    try {
      checked.push(await checkBooking(services, actor, { fields, image: null }));
    } catch (err) {
      errors.push(...rowErrors(line, err));
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    for (const booking of checked) await writeBooking(tx, services, actor, booking);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'delivery.import',
        targetType: 'user',
        targetId: actor.id,
        ip: actor.ip,
        details: { created: checked.length },
      },
      now,
    );
  });
  for (const booking of checked) services.metrics.booked(booking.form);
  services.outbox.kick();
  return { ok: true, created: checked.length };
}
