import type { TRegisterByInvitationRequest } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/account/invitations/register (public): a new person's name and password through the link. */
export const registerByInvitation = (body: TRegisterByInvitationRequest) =>
  api.post<{ success: true; message: string }>('/v1/account/invitations/register', body);

export const useRegisterByInvitation = () => useMutation({ mutationFn: registerByInvitation });
