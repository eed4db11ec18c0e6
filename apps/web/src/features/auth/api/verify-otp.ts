import type { TLoginResponse, TVerifyOtpRequest } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { startSession } from './login';

export const verifyOtp = (input: TVerifyOtpRequest) => api.post<TLoginResponse>('/v1/auth/verify-otp', input);

/** Signs in with the e-mailed 6-digit code; the answer is a login's, so the session starts the same way. */
export async function signInWithCode({ remember = true, ...input }: TVerifyOtpRequest & { remember?: boolean }) {
  return startSession(await verifyOtp(input), remember);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: signInWithCode });
}
