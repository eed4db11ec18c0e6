import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** Driver landing area: /driver/home. Placeholder: replace this file, keeping the named export. */
export function DriverHomePage() {
  return <PlaceholderPage title="My Jobs" />;
}
