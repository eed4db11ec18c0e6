import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** Staff landing area: /admin/dashboard. Placeholder: replace this file, keeping the named export. */
export function AdminDashboardPage() {
  return <PlaceholderPage title="Dispatch Dashboard" />;
}
