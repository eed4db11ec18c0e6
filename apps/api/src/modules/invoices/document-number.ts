import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The next number of a gapless yearly sequence (INV-2026-000001, CN-2026-000001), taken in the caller's
 * transaction: the counter row is locked by the update until commit, so concurrent issues in any process wait in
 * turn, and a rollback hands the number back.
 */
export async function takeDocumentNumber(tx: DbOrTx, kind: 'INV' | 'CN', year: number): Promise<string> {
  const result = await tx.execute(
    sql`insert into document_counters (kind, year, last) values (${kind}, ${year}, 1)
        on conflict (kind, year) do update set last = document_counters.last + 1
        returning last`,
  );
  const [row] = result.rows as { last: number }[];
  return `${kind}-${year}-${String(row.last).padStart(6, '0')}`;
}
