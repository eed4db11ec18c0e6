import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** Three-step request form: /order-delivery. Placeholder: replace this file, keeping the named export. */
export function OrderDeliveryPage() {
  return <PlaceholderPage title="Request a Delivery" />;
}
