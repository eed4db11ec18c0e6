import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** Public tracking: /tracking and /track/:trackingId. Placeholder: replace this file, keeping the named export. */
export function TrackingPage() {
  return <PlaceholderPage title="Track a Package" />;
}
