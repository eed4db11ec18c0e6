import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /account-settings. Placeholder: replace this file, keeping the named export. */
export function AccountSettingsPage() {
  return <PlaceholderPage title="Account Settings" />;
}
