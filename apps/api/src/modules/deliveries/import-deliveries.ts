import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { IMPORT_COLUMNS, IMPORT_SPECIMEN_COLUMNS, type TImportRowError } from '@courier/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { ZodError } from 'zod';
import { AppError, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { bookingAccountTerms } from '../billing/price-booking.js';
import { type CheckedBooking, checkBooking, REFERENCE_REQUIRED, writeBookings } from './create-delivery.js';
import { importLimits } from '../../shared/import-limits.js';
import { parseRequiredBy } from './delivery-form.js';

export { importLimits };

/** A cell a spreadsheet would run as a formula (CSV injection): refused, never stored. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What a spreadsheet may skip before a formula: every kind of space, and invisible format and control characters. */
const LEADING_INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Cc}]+/u;
const FORMULA_MESSAGE = 'A cell may not start with =, +, - or @ (a spreadsheet formula)';
/** The phone columns, where a plain E.164 number (+ then digits only) is a phone, not a formula. */
const PHONE_COLUMNS: ReadonlySet<string> = new Set(['senderPhone', 'recipientPhone']);
const E164 = /^\+[1-9]\d{1,14}$/;
const PHONE_FORMULA_MESSAGE = `${FORMULA_MESSAGE}; a phone number may start with + only in E.164 form, e.g. +16175550100`;

/** The formula refusal for a cell, or null: a phone column's +digits (E.164) is a number any spreadsheet reads as one. */
function formulaProblem(column: string, cell: string): string | null {
  const visible = cell.replace(LEADING_INVISIBLE, '');
  if (!FORMULA_START.test(cell) && !FORMULA_START.test(visible)) return null;
  if (!PHONE_COLUMNS.has(column)) return FORMULA_MESSAGE;
  return E164.test(visible) ? null : PHONE_FORMULA_MESSAGE;
}

const NEWLINE = 0x0a;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text, or the first line that is not UTF-8 (a lenient decoder would store U+FFFD in its place). A
 * newline byte never occurs inside a UTF-8 sequence, so the file splits into lines before decoding.
 */
export function decodeCsv(bytes: Uint8Array): string | TImportRowError {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== NEWLINE) continue;
      try {
        strictUtf8.decode(bytes.subarray(start, i));
      } catch {
        return { line, field: 'csv', message: `Line ${line} is not UTF-8 text: save the file as CSV UTF-8` };
      }
      line++;
      start = i + 1;
    }
    return { line: 1, field: 'csv', message: 'The file is not UTF-8 text: save the file as CSV UTF-8' };
  }
}

export type ImportOutcome =
  | { ok: true; created: number; creditWarning?: { code: 'CREDIT_LIMIT'; message: string } }
  | { ok: false; errors: TImportRowError[] };

const KNOWN: ReadonlySet<string> = new Set(IMPORT_COLUMNS);

function readRows(csv: string, maxRows: number): { header: string[]; rows: { line: number; cells: string[] }[] } | TImportRowError[] {
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
  if (rest.length > maxRows)
    problems.push({ line: rest[maxRows].info.lines, field: 'csv', message: `At most ${maxRows} deliveries per file` });
  if (problems.length > 0) return problems;
  return { header, rows: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

const SPECIMEN_FIELD_COLUMN = Object.fromEntries(Object.entries(IMPORT_SPECIMEN_COLUMNS).map(([column, field]) => [field, column]));

/** The file's column a request field came from: the specimen's parts are columns of their own. */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first !== 'specimen') return first ?? 'row';
  return SPECIMEN_FIELD_COLUMN[second ?? ''] ?? 'specimenCategory';
}

/** Why a row was refused, per column, in the words the form uses. */
function rowErrors(line: number, err: unknown): TImportRowError[] {
  if (err instanceof ZodError) return err.issues.map((i) => ({ line, field: columnOf(i.path), message: i.message }));
  if (err instanceof AppError && err.statusCode === 400) {
    const field = err.details?.field ?? 'row';
    return [{ line, field: columnOf(field.split('.')), message: err.message.replace(`${field}: `, '') }];
  }
  throw err;
}

/** A specimen cell as the request takes it: the category in its contract spelling, the collection as an instant. */
function specimenCell(part: string, cell: string, timeZone: string): string {
  if (part === 'category') return cell.toUpperCase() === 'UN3373' ? 'UN3373' : cell.toLowerCase() === 'exempt' ? 'exempt' : cell;
  if (part !== 'collectedAt') return cell;
  const at = parseRequiredBy(cell, timeZone);
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : cell;
}

const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0', '']);

/**
 * A row's cells as the booking form's fields: empty optional cells are left out (the form's defaults apply), a
 * yes/no cell is a boolean, and the specimen's columns become its object, its collection read on the business clock.
 */
function fieldsOf(header: string[], cells: string[], timeZone: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const specimen: Record<string, unknown> = {};
  header.forEach((name, i) => {
    const cell = cells[i];
    const part = IMPORT_SPECIMEN_COLUMNS[name as keyof typeof IMPORT_SPECIMEN_COLUMNS];
    if (part) {
      if (cell.trim() === '') return;
      specimen[part] = specimenCell(part, cell.trim(), timeZone);
    } else if (name === 'controlledSubstance') {
      const word = cell.trim().toLowerCase();
      fields[name] = YES.has(word) ? true : NO.has(word) ? false : cell;
    } else fields[name] = cell;
  });
  if (Object.keys(specimen).length > 0) fields.specimen = specimen;
  return fields;
}

/**
 * A CSV of deliveries (the header names the API's fields, the file is UTF-8): every row checked by the booking's
 * own rules; any bad row and nothing is created, the answer listing every bad cell by line and field; otherwise
 * every row is booked in one transaction through the booking's core, set-based (writeBookings: a handful of
 * statements whatever the row count), so the embedded database's one session is held briefly. It yields to the
 * event loop after each row checked, so other requests are answered while a large file is read.
 */
export async function importDeliveries(services: Services, actor: Actor, input: { csv: Uint8Array | string }): Promise<ImportOutcome> {
  if (!mayBookDelivery(actor)) throw forbidden('Only a customer account can import deliveries');
  const text = typeof input.csv === 'string' ? input.csv : decodeCsv(input.csv);
  if (typeof text !== 'string') return { ok: false, errors: [text] };
  const read = readRows(text, importLimits(services).maxRows);
  if (Array.isArray(read)) return { ok: false, errors: read };
  const errors: TImportRowError[] = [];
  const checked: CheckedBooking[] = [];
  const lines: number[] = [];
  for (const { line, cells } of read.rows) {
    const formulas = cells.flatMap((cell, i) => {
      const message = formulaProblem(read.header[i], cell);
      return message ? [{ line, field: read.header[i], message }] : [];
    });
    if (formulas.length > 0) {
      errors.push(...formulas);
      continue;
    }
    const fields = fieldsOf(read.header, cells, services.env.BUSINESS_TZ);
    try {
      checked.push(await checkBooking(services, actor, { fields, image: null }));
      lines.push(line);
    } catch (err) {
      errors.push(...rowErrors(line, err));
    }
    await yieldToEventLoop();
  }
  // An account that asks for a reference on every booking: each row without one is named (the write refuses it too).
  if (checked.some((b) => !b.form.reference) && (await bookingAccountTerms(services.db, actor.id))?.poRequired) {
    checked.forEach((b, i) => {
      if (!b.form.reference) errors.push({ line: lines[i], field: 'reference', message: REFERENCE_REQUIRED.replace(/^reference: /, '') });
    });
    errors.sort((a, b) => a.line - b.line);
  }
  if (errors.length > 0) return { ok: false, errors };
  const now = services.clock.now();
  let creditWarning: string | null = null;
  await services.db.transaction(async (tx) => {
    await writeBookings(tx, services, actor, checked, { onCreditWarning: (message) => (creditWarning = message) });
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
  return {
    ok: true,
    created: checked.length,
    ...(creditWarning ? { creditWarning: { code: 'CREDIT_LIMIT' as const, message: creditWarning } } : {}),
  };
}
