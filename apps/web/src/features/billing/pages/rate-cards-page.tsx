import { ADMIN_ROLES, type TRole } from '@courier/contract';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DispatchPage, HeadRow, TableCard, tdClass } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { useRateCards } from '../api/get-rate-cards';
import { FuelSection } from '../components/fuel-section';

/** /admin/rate-cards: the price lists accounts point at, and the fuel surcharge by date. */
export function RateCardsPage() {
  const { role } = useSession();
  const mayEdit = !!role && (ADMIN_ROLES as readonly TRole[]).includes(role);
  const cards = useRateCards();
  return (
    <DispatchPage
      title="Rate cards"
      intro="What each delivery costs: the base by delivery type and distance, then the surcharges. A card that has priced a job keeps that version."
      tools={
        mayEdit && (
          <Link to={paths.adminNewRateCard} className={buttonClass()}>
            <Plus aria-hidden="true" className="size-4" />
            New rate card
          </Link>
        )
      }
    >
      <TableCard>
        <table className="w-full min-w-[560px]">
          <thead className="border-b border-slate-200 bg-slate-50">
            <HeadRow headings={['Rate card', 'Version', 'In force since', 'Changed']} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {cards.isPending && (
              <tr>
                <td colSpan={4} className={tdClass}>
                  Loading the rate cards…
                </td>
              </tr>
            )}
            {cards.isError && (
              <tr>
                <td colSpan={4} className={tdClass} role="alert">
                  {errorMessage(cards.error, 'Could not load the rate cards')}
                </td>
              </tr>
            )}
            {cards.data?.data.length === 0 && (
              <tr>
                <td colSpan={4} className={tdClass}>
                  No rate card yet: without one, deliveries are not priced.
                </td>
              </tr>
            )}
            {cards.data?.data.map((c) => (
              <tr key={c._id}>
                <td data-label="Rate card" className={tdClass}>
                  <Link to={paths.adminRateCard(c._id)} className="font-medium text-brand-700 hover:underline">
                    {c.name}
                  </Link>
                </td>
                <td data-label="Version" className={tdClass}>
                  {c.version}
                </td>
                <td data-label="In force since" className={tdClass}>
                  {formatDateTime(c.effectiveFrom)}
                </td>
                <td data-label="Changed" className={tdClass}>
                  {formatDateTime(c.updatedAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
      <FuelSection mayEdit={mayEdit} />
    </DispatchPage>
  );
}
