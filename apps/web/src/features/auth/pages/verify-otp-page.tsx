import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /auth/verify-otp; receives {email, message} as navigation state. Placeholder: replace this file, keeping the named export. */
export function VerifyOtpPage() {
  return <PlaceholderPage title="Verify Your Login" />;
}
