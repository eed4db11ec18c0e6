import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { localClock } from '../shared/business-time.js';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe, so an exported recipient name or phone can never become a command (OWASP CSV injection).
 */
export function neutraliseCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A plain signed number (-10.00) is data, not a formula: spreadsheets read it as the number it is.
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180 text (CRLF, quoted where needed) from a header row and data rows, every cell neutralised. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return stringify([header.map(neutraliseCell), ...rows.map((row) => row.map(neutraliseCell))], { record_delimiter: 'windows' });
}

/** "2026-03-02 15:04" in the time zone given, for spreadsheets ('' without a time). */
export function csvTime(at: Date | null, timeZone: string): string {
  if (!at) return '';
  const { date, time } = localClock(at, timeZone);
  return `${date} ${time}`;
}

/** Answers with an export as a CSV download: never cached, named for the browser's save dialog. */
export const sendCsv = (reply: FastifyReply, file: { csv: string; fileName: string }) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
