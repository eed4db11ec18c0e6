import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /auth/verify-email?token=… Placeholder: replace this file, keeping the named export. */
export function VerifyEmailPage() {
  return <PlaceholderPage title="Verify Email" />;
}
