import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** Feedback form: /track/:trackingId/feedback. Placeholder: replace this file, keeping the named export. */
export function FeedbackPage() {
  return <PlaceholderPage title="Delivery Feedback" />;
}
