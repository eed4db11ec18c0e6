import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /deliveries. Placeholder: replace this file, keeping the named export. */
export function DeliveriesPage() {
  return <PlaceholderPage title="My Deliveries" />;
}
