import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /privacy. Placeholder: replace this file, keeping the named export. */
export function PrivacyPage() {
  return <PlaceholderPage title="Privacy Policy" />;
}
