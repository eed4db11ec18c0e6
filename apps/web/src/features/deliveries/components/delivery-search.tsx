import { MESSAGES, SEARCH_MAX, TRACKING_NUMBER_SOURCE } from '@courier/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getMyDeliveries } from '@/domain/deliveries/api/get-my-deliveries';

const TRACKING_NUMBER = new RegExp(`^#?\\s*(${TRACKING_NUMBER_SOURCE})$`, 'i');

/** Where Enter in the search box goes: the delivery itself for a full tracking number of the customer's, else the list. */
export async function searchTarget(text: string): Promise<string> {
  const q = text.trim();
  if (!q) return paths.deliveries;
  const orderId = TRACKING_NUMBER.exec(q)?.[1].toUpperCase();
  if (orderId) {
    try {
      const list = await getMyDeliveries({ page: 1, limit: 5, status: 'all', sort: 'newest', q: orderId, bookedBy: '' });
      const hit = list.deliveries.find((d) => d.orderId === orderId);
      if (hit) return paths.delivery(hit._id);
    } catch {
      // the list page will say what went wrong
    }
  }
  return paths.searchDeliveries(q);
}

/** The top bar's 'Search deliveries...': tracking number, recipient name or phone, or part of an address. */
export function DeliverySearch({ className, autoFocus, onDone }: { className?: string; autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  // The box shows the list's active search, and empties when it is cleared.
  useEffect(() => {
    if (pathname === paths.deliveries) setValue(new URLSearchParams(search).get('q') ?? '');
  }, [pathname, search]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await navigate(await searchTarget(value));
      onDone?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <search className={className}>
      <form onSubmit={(event) => void onSubmit(event)} className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          name="q"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={SEARCH_MAX}
          placeholder={MESSAGES.searchPlaceholder}
          aria-label={MESSAGES.searchPlaceholder}
          aria-busy={busy || undefined}
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: the phone's search panel opens for typing
          autoFocus={autoFocus}
          className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </form>
    </search>
  );
}
