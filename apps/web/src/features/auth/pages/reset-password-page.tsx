import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /auth/reset-password?token=… Placeholder: replace this file, keeping the named export. */
export function ResetPasswordPage() {
  return <PlaceholderPage title="Reset Password" />;
}
