import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /delivery/:id. Placeholder: replace this file, keeping the named export. */
export function DeliveryDetailPage() {
  return <PlaceholderPage title="Delivery Details" />;
}
