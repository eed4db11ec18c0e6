import { IMPORT_MAX_ROWS } from '@courier/contract';
import type { Services } from '../services.js';

/**
 * The CSV import's caps: set by IMPORT_MAX_ROWS and IMPORT_RATE_PER_MINUTE, lower by default on the embedded
 * database. Shared: the import enforces them and GET /api/v1/config tells the import page.
 */
export function importLimits(services: Pick<Services, 'env' | 'database'>): { maxRows: number; perMinute: number } {
  const embedded = services.database.kind === 'pglite';
  return {
    maxRows: services.env.IMPORT_MAX_ROWS ?? (embedded ? 25 : IMPORT_MAX_ROWS),
    perMinute: services.env.IMPORT_RATE_PER_MINUTE ?? (embedded ? 2 : 10),
  };
}
