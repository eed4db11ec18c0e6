import type { TAdminMessagesResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const failedMessagesKeys = { all: ['admin', 'messages', 'failed'] as const };

/** GET /v1/admin/messages: e-mails and SMS the outbox gave up on, with their last error. */
export const getFailedMessages = (page: number, signal?: AbortSignal) =>
  api.get<TAdminMessagesResponse>('/v1/admin/messages', { query: { page }, signal });

export const failedMessagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...failedMessagesKeys.all, page],
    queryFn: ({ signal }) => getFailedMessages(page, signal),
    placeholderData: keepPreviousData,
  });

export const useFailedMessages = (page: number) => useQuery(failedMessagesQueryOptions(page));
