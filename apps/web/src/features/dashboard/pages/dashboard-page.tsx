import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** Customer dashboard: /user/home. Placeholder: replace this file, keeping the named export. */
export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
