import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** Three-step sign-up: /auth/signup. Placeholder: replace this file, keeping the named export. */
export function SignupPage() {
  return <PlaceholderPage title="Create Account" />;
}
