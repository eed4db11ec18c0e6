import { landingPathFor, type TRole } from '@courier/contract';
import type { TLoginState } from '@/lib/session';

/** The navigation state the login page hands to /auth/verify-otp (e-mail and message). */
export interface TVerifyOtpState extends TLoginState {
  email: string;
  message?: string;
  /** The login form's "Remember me", applied when the code signs the user in. */
  remember?: boolean;
}

/** Where a signed-in user goes: the guarded page they came from, else their role's landing page. */
export function returnPath(from: TLoginState['from'], role: TRole | undefined): string {
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : landingPathFor(role);
}
