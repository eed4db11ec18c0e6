import type { TPaging } from '@courier/contract';

/** A page past the end shows the last page. */
export function pageOf(total: number, query: { page: number; limit: number }): TPaging & { offset: number } {
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  const page = Math.min(query.page, totalPages);
  return { page, limit: query.limit, total, totalPages, offset: (page - 1) * query.limit };
}

/** The most rows one export holds; past it the filter must be narrowed. */
export const EXPORT_MAX_ROWS = 50_000;
