import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /auth/request-password. Placeholder: replace this file, keeping the named export. */
export function RequestPasswordPage() {
  return <PlaceholderPage title="Forgot Password" />;
}
