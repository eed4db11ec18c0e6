import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /profile. Placeholder: replace this file, keeping the named export. */
export function ProfilePage() {
  return <PlaceholderPage title="Your Profile" />;
}
