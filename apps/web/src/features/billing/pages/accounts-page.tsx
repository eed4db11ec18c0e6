import { ADMIN_ROLES, type TCustomerAccount, type TRole } from '@courier/contract';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { useListParams, useTypedFilter } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAccounts } from '../api/get-accounts';
import { useRateCards } from '../api/get-rate-cards';
import { useUpdateAccount } from '../api/update-account';
import { AccountDialog } from '../components/account-dialog';
import { NewAccountDialog } from '../components/new-account-dialog';
import { formatCents } from '../lib/money';

const controlClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 pl-9 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none';

const creditText = (a: TCustomerAccount) =>
  a.creditLimitCents === null
    ? 'No limit'
    : `${formatCents(a.creditLimitCents)} (${a.creditPolicy === 'ignore' ? 'not checked' : a.creditPolicy})`;

/** /admin/accounts: the organisations that pay. Managers read; administrators open accounts and set terms, credit and rate card. */
export function AccountsPage() {
  const { role } = useSession();
  const mayEdit = !!role && (ADMIN_ROLES as readonly TRole[]).includes(role);
  const list = useListParams();
  const [search, setSearch] = useTypedFilter(list, 'q');
  const q = list.read('q');
  const query = useAccounts({ page: list.page, q: q || undefined });
  const cards = useRateCards();
  const cardName = (id: string | null) => (id ? (cards.data?.data.find((c) => c._id === id)?.name ?? 'A rate card') : 'None');
  const update = useUpdateAccount();
  const [editing, setEditing] = useState<TCustomerAccount | null>(null);
  const [opening, setOpening] = useState(false);

  return (
    <DispatchPage
      title="Accounts"
      intro="The clinics, labs, pharmacies and hospitals that pay: billing details, terms, credit and rate card."
      tools={
        mayEdit && (
          <button type="button" className={buttonClass({ variant: 'primary' })} onClick={() => setOpening(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New account
          </button>
        )
      }
    >
      <search className="relative mb-4">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          aria-label="Search accounts"
          placeholder="Name or billing e-mail"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={controlClass}
        />
      </search>
      <PagedTable
        headings={[
          'Account',
          'Terms',
          'Credit',
          'Rate card',
          'Members',
          <span key="actions" className="sr-only">
            Actions
          </span>,
        ]}
        minWidth="min-w-[760px]"
        query={query}
        failed="Could not load the accounts"
        empty="No account matches."
        row={(a) => (
          <tr key={a._id}>
            <td data-label="Account" className={tdClass}>
              <span className="block font-medium text-slate-900">{a.name}</span>
              <span className="block text-xs text-slate-500">{a.billingEmail}</span>
              {a.poRequired && (
                <span className="mt-1 inline-block rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800">PO required</span>
              )}
            </td>
            <td data-label="Terms" className={`${tdClass} whitespace-nowrap`}>
              Net {a.paymentTermsDays}
            </td>
            <td data-label="Credit" className={tdClass}>
              {creditText(a)}
            </td>
            <td data-label="Rate card" className={tdClass}>
              {cardName(a.rateCardId)}
            </td>
            <td data-label="Members" className={tdClass}>
              {a.members}
            </td>
            <td className={`${tdClass} text-right`}>
              {mayEdit && (
                <button
                  type="button"
                  aria-label={`Edit ${a.name}`}
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  onClick={() => setEditing(a)}
                >
                  Edit
                </button>
              )}
            </td>
          </tr>
        )}
      />
      <NewAccountDialog open={opening} rateCards={cards.data?.data ?? []} onClose={() => setOpening(false)} />
      <AccountDialog
        account={editing}
        rateCards={cards.data?.data ?? []}
        busy={update.isPending}
        onClose={() => setEditing(null)}
        onSave={(patch) =>
          editing &&
          update.mutate(
            { id: editing._id, ...patch },
            {
              onSuccess: () => {
                toast.success(`${patch.name ?? editing.name} saved`);
                setEditing(null);
              },
              onError: (e) => toast.error(errorMessage(e, 'Could not save the account')),
            },
          )
        }
      />
    </DispatchPage>
  );
}
