import { MESSAGES, roleFromId, type TLoginRequest, type TLoginResponse, type TRole } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { setSession, type TSessionUser } from '@/lib/session';

export type TLoginOutcome =
  | { status: 'signed-in'; user: TSessionUser; role: TRole | undefined }
  | { status: 'verification-required'; email: string; message: string };

export interface TSignInInput extends TLoginRequest {
  /** "Remember me": keep the session after the browser closes (localStorage) rather than for this tab. */
  remember?: boolean;
}

export const login = (credentials: TLoginRequest) => api.post<TLoginResponse>('/v1/auth/login', credentials);

/** The code says so; the older rule (a message containing "verify") is checked after it. */
const needsVerification = (code: string | undefined, message: string | undefined): message is string =>
  !!message && (code === 'VERIFICATION_REQUIRED' || /verify/i.test(message));

/**
 * Checks a login-shaped answer (login or verify-otp) and stores the session: it must carry a token and a
 * user with a roleId. An unknown role still signs in and lands on /user/home.
 */
export function startSession(response: TLoginResponse, remember = true): Extract<TLoginOutcome, { status: 'signed-in' }> {
  if (!response?.success) throw new Error(response?.message || MESSAGES.loginFailed);
  const { token, refreshToken, user } = response.data ?? {};
  if (!token || !user) throw new Error(MESSAGES.loginInvalidResponse);
  if (!user.roleId) throw new Error(MESSAGES.loginNoRole);
  const role = roleFromId(user.roleId);
  // An unknown role lands on /user/home, with a warning only.
  if (!role) console.warn('Unknown role id on login', user.roleId);
  setSession({ token, refreshToken: refreshToken ?? null, user, remember });
  return { status: 'signed-in', user, role };
}

/** Logs in and stores the session; a message mentioning "verify" means the e-mail code step. */
export async function signIn({ remember = true, ...credentials }: TSignInInput): Promise<TLoginOutcome> {
  let response: TLoginResponse;
  try {
    response = await login(credentials);
  } catch (error) {
    if (isApiError(error) && needsVerification(error.code, error.message)) {
      return { status: 'verification-required', email: credentials.email, message: error.message };
    }
    throw error;
  }
  if (!response?.success && needsVerification(response?.error, response?.message)) {
    const email = (response.data?.user?.email as string | undefined) ?? credentials.email;
    return { status: 'verification-required', email, message: response.message };
  }
  return startSession(response, remember);
}

/** The message shown inline and as a toast when login fails. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    // These are named by status, whatever the code.
    switch (error.status) {
      case 0:
        return MESSAGES.loginNoResponse;
      case 401:
        return MESSAGES.login401;
      case 403:
        return MESSAGES.login403;
      case 404:
        return MESSAGES.login404;
      case 429:
        return MESSAGES.login429;
      default:
        return error.serverMessage ?? MESSAGES.loginOther;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.loginNoResponse;
}

export function useLogin() {
  return useMutation({ mutationFn: signIn });
}
