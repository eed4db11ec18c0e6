import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** SMS, e-mail and service update opt-in: /optin. Placeholder: replace this file, keeping the named export. */
export function OptinPage() {
  return <PlaceholderPage title="Stay Updated" />;
}
