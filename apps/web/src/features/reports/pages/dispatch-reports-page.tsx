import { DispatchPage } from '@/components/ui/list-page';
import { ReportView } from '../components/report-view';

/** /admin/reports (STAFF and above): every customer's deliveries, by day, customer or driver. */
export function DispatchReportsPage() {
  return (
    <DispatchPage title="Reports" intro="On-time rate, deliveries a day and how long pickups and drop-offs take.">
      <ReportView scope="staff" />
    </DispatchPage>
  );
}
