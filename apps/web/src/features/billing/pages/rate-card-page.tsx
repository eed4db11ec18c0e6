import { ADMIN_ROLES, type TRole } from '@courier/contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { DispatchPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useRateCard } from '../api/get-rate-card';
import { useSaveRateCard } from '../api/save-rate-card';
import { RateCardEditor } from '../components/rate-card-editor';

/** /admin/rate-cards/new and /admin/rate-cards/:id: write a card, or change one (a used version stays as it was). */
export function RateCardPage() {
  const { id } = useParams();
  const { role } = useSession();
  const mayEdit = !!role && (ADMIN_ROLES as readonly TRole[]).includes(role);
  const navigate = useNavigate();
  const card = useRateCard(id);
  const save = useSaveRateCard();
  const current = card.data?.data;
  const back = (
    <Link to={paths.adminRateCards} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Rate cards
    </Link>
  );
  return (
    <DispatchPage
      title={id ? (current?.name ?? 'Rate card') : 'New rate card'}
      intro={
        current
          ? `Version ${current.version}, in force since ${formatDateTime(current.effectiveFrom)}. Changing prices a job was priced with makes version ${current.version + 1}.`
          : 'Prices in dollars; every line of a price explains itself on the invoice.'
      }
      tools={back}
    >
      {id && card.isPending && <p>Loading the rate card…</p>}
      {card.isError && <p role="alert">{errorMessage(card.error, 'Could not load the rate card')}</p>}
      {(!id || current) && (
        <RateCardEditor
          key={current ? `${current._id}-${current.version}-${current.updatedAt}` : 'new'}
          card={current}
          readOnly={!mayEdit}
          busy={save.isPending}
          onSave={(body) =>
            save.mutate(
              { id, card: body },
              {
                onSuccess: (res) => {
                  toast.success(res.data.version > (current?.version ?? 1) ? `Saved as version ${res.data.version}` : 'Rate card saved');
                  if (!id) navigate(paths.adminRateCard(res.data._id));
                  else void card.refetch();
                },
                onError: (e) => toast.error(errorMessage(e, 'Could not save the rate card')),
              },
            )
          }
        />
      )}
    </DispatchPage>
  );
}
