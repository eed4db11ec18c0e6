import type { TAdminFeedbackResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/admin/feedback: customers' ratings, newest first. */
export const getAdminFeedback = (page: number, signal?: AbortSignal) =>
  api.get<TAdminFeedbackResponse>('/v1/admin/feedback', { query: { page }, signal });

export const adminFeedbackQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'feedback', page],
    queryFn: ({ signal }) => getAdminFeedback(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminFeedback = (page: number) => useQuery(adminFeedbackQueryOptions(page));
