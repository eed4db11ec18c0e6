import { IMPORT_COLUMNS, type TImportRowError } from '@courier/contract';

const EXAMPLE: Record<(typeof IMPORT_COLUMNS)[number], string> = {
  senderPhone: '(617) 555-0100',
  pickupAddress: '55 Fruit St, Boston, MA 02114',
  recipientName: 'Jordan Lee',
  recipientPhone: '617-555-0199',
  recipientEmail: 'jordan.lee@example.com',
  deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
  requiredBy: '2026-12-01T16:00',
  packageType: 'MEDICATION',
  packageSize: 'small',
  reference: '',
  deliveryType: 'STANDARD',
  specialInstructions: 'Keep refrigerated',
  priority: 'routine',
  temperature: 'refrigerated',
  controlledSubstance: 'no',
  specimenCategory: '',
  specimenCollectedAt: '',
  specimenStableForHours: '',
  pieces: '1',
};

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** The template to download: the API's field names as the header and one example row. */
export function importTemplate(): string {
  return `${IMPORT_COLUMNS.join(',')}\r\n${IMPORT_COLUMNS.map((c) => cell(EXAMPLE[c])).join(',')}\r\n`;
}

/** The 422 answer's row errors, when the failure carries them. */
export function rowErrorsOf(data: unknown): TImportRowError[] {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is TImportRowError => !!e && typeof e.line === 'number' && typeof e.field === 'string' && typeof e.message === 'string',
  );
}
