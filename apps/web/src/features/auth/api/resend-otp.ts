import type { TMessageResponse, TResendOtpRequest } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resendOtp = (input: TResendOtpRequest) => api.post<TMessageResponse>('/v1/auth/resend-otp', input);

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
