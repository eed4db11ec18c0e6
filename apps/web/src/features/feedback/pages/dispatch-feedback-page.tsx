import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { useAdminFeedback } from '../api/get-admin-feedback';
import { useListParams } from '@/hooks/use-list-params';

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5`} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={n <= rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300'} />
      ))}
    </span>
  );
}

/** /admin/feedback: what customers said about delivered orders. */
export function DispatchFeedbackPage() {
  const { page } = useListParams();
  const query = useAdminFeedback(page);
  return (
    <DispatchPage title="Feedback" intro="Ratings and comments customers left after delivery.">
      <PagedTable
        headings={['Tracking number', 'Rating', 'Comment', 'Received']}
        minWidth="min-w-[640px]"
        query={query}
        failed="Could not load the feedback"
        empty="No feedback yet."
        row={(f) => (
          <tr key={f._id}>
            <td data-label="Tracking number" className={tdClass}>
              <Link to={paths.adminDelivery(f.deliveryId)} className="font-mono font-medium text-brand-700 hover:underline">
                #{f.orderId}
              </Link>
            </td>
            <td data-label="Rating" className={tdClass}>
              <Stars rating={f.rating} />
            </td>
            <td data-label="Comment" className={`${tdClass} max-w-md break-words`}>
              {f.comment || <span className="text-slate-400">—</span>}
            </td>
            <td data-label="Received" className={`${tdClass} whitespace-nowrap`}>
              {formatDateTime(f.createdAt)}
            </td>
          </tr>
        )}
      />
    </DispatchPage>
  );
}
