import type { TEmailNoticeEvent } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type TSessionUser, useSession } from '@/lib/session';

export interface TNotificationPreferences {
  emailUpdates: boolean;
  smsUpdates: boolean;
  marketingEmails: boolean;
  /** Which moves send an e-mail while emailUpdates is on (the server's default when absent). */
  emailEvents?: TEmailNoticeEvent[];
}

/** The signed-in user as GET /v1/auth/me returns it. */
export interface TAccountUser extends TSessionUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  accountType: string | null;
  /** The clinic, lab or pharmacy booked for; '' when none (older servers leave it out). */
  organisation?: string;
  isDeleted: boolean;
  notificationPreferences: TNotificationPreferences;
}

export const getCurrentUser = async (): Promise<TAccountUser> =>
  (await api.get<{ success: boolean; data: TAccountUser }>('/v1/auth/me')).data;

export const currentUserQueryKey = ['auth', 'me'] as const;

export const currentUserQueryOptions = () => queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });

/** The account from the server, shown from the stored session user until it arrives. */
export function useCurrentUser() {
  const { user } = useSession();
  return useQuery({ ...currentUserQueryOptions(), placeholderData: (user as TAccountUser | null) ?? undefined });
}
