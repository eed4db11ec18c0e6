import { DELIVERY_TYPES, deliveryTypeLabel, type TDeliveryQuote } from '@courier/contract';
import clsx from 'clsx';
import { TriangleAlert } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { toDate } from '@/lib/format-date';
import { formatPrice, PriceLines } from '@/domain/deliveries/components/price-lines';
import { requiredByInstant, type TQuotePriceInputs, useDeliveryQuote } from '../api/get-delivery-quote';

/** What each service level promises, shown until the estimates arrive (or when they cannot be fetched). */
const PROMISES: Record<string, string> = {
  STANDARD: 'Within 2 business days',
  EXPRESS: 'Within 4 business hours',
  SAME_DAY: 'By 6 pm on a business day (booked before 2 pm)',
  NEXT_DAY: 'By noon next business day',
};

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "today by 6:00 PM", "tomorrow by 12:00 PM", "Wed, Mar 4 by 6:00 PM": the reader's own clock and calendar. */
export function estimateWords(estimate: string, now: Date = new Date()): string {
  const date = toDate(estimate);
  if (!date) return '';
  const days = Math.round((startOfDay(date) - startOfDay(now)) / 86_400_000);
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : day.format(date);
  return `${when} by ${time.format(date).replace(/\u202f/g, ' ')}`;
}

/**
 * The delivery-type radio cards with each type's estimate for a booking made now, from the server
 * (POST /v1/deliveries/quote), and which ones miss the required-by. The warning for the chosen type sits in
 * the flow of the form, above its buttons, never over them.
 */
export function DeliveryTypeChoice({
  selected,
  requiredBy,
  priority,
  field,
  priceInputs,
}: {
  selected: string;
  /** The form's fields the price reads (addresses, package, handling). */
  priceInputs?: TQuotePriceInputs;
  /** STAT changes the estimates where its promise comes first. */
  priority?: 'routine' | 'stat';
  /** The form's datetime-local value. */
  requiredBy: string;
  field: UseFormRegisterReturn;
}) {
  const quote = useDeliveryQuote(requiredByInstant(requiredBy), true, priority, priceInputs);
  const quoteOf = (type: string): TDeliveryQuote | undefined => quote.data?.quotes?.find((q) => q.deliveryType === type);
  const chosen = quoteOf(selected);
  const fastest = quote.data?.quotes?.filter((q) => q.meetsRequiredBy).map((q) => deliveryTypeLabel(q.deliveryType));

  return (
    <fieldset aria-describedby={chosen?.meetsRequiredBy === false ? 'deliveryType-late' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        Delivery type
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      </legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {DELIVERY_TYPES.map((type) => {
          const q = quoteOf(type);
          const checked = selected === type;
          const late = q?.meetsRequiredBy === false;
          return (
            <label
              key={type}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-200',
                checked ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200 bg-white hover:border-slate-300',
              )}
            >
              <input type="radio" value={type} className="mt-0.5 accent-brand-600" {...field} />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">{deliveryTypeLabel(type)}</span>
                <span className="block text-xs text-slate-600" data-testid={`estimate-${type}`}>
                  {q ? `Estimated ${estimateWords(q.estimatedDelivery)}` : PROMISES[type]}
                </span>
                {q?.price && (
                  <span className="mt-0.5 block text-sm font-semibold text-slate-900" data-testid={`price-${type}`}>
                    {formatPrice(q.price.totalCents)}
                  </span>
                )}
                {late && (
                  <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
                    <TriangleAlert aria-hidden="true" className="size-3.5" />
                    After your required-by time
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {chosen?.meetsRequiredBy === false && (
        <p
          id="deliveryType-late"
          role="status"
          className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {deliveryTypeLabel(chosen.deliveryType)} is estimated {estimateWords(chosen.estimatedDelivery)}, after your required-by time.{' '}
            {fastest?.length ? `${fastest.join(' or ')} would make it.` : 'No delivery type makes it: choose a later time or call us.'}
          </span>
        </p>
      )}
      {chosen?.price && (
        <PriceLines
          className="mt-3"
          title={`Price for ${deliveryTypeLabel(chosen.deliveryType)}: what you book at`}
          price={chosen.price}
          final={false}
        />
      )}
    </fieldset>
  );
}
