import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /terms. Placeholder: replace this file, keeping the named export. */
export function TermsPage() {
  return <PlaceholderPage title="Terms & Conditions" />;
}
