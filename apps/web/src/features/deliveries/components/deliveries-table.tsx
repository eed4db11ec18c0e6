import { packageSizeShort, packageTypeLabel, isRejectedByLab } from '@courier/contract';
import type { TDelivery } from '@courier/contract';
import { ArrowRight, Clock, MapPin, Package, Repeat, UserRound } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { OverdueBadge } from '@/components/ui/overdue-badge';
import { paths } from '@/config/paths';
import { isOverdue } from '@/lib/overdue';
import { formatDate, formatTime, formatWhen, isSameDay, truncateAddress } from '@/lib/delivery-format';
import { useElementWidth } from '../lib/use-element-width';
import { DeliveryRow } from '@/domain/deliveries/components/delivery-row';
import { formatPrice } from '@/domain/deliveries/components/price-lines';
import { HeadCells } from '@/components/ui/head-cells';
import { useOpenDeliveryProps } from '@/hooks/use-open-delivery';
import { StatusBadge } from '@/components/ui/status-badge';
import { HandlingBadges } from '@/components/ui/handling-badges';

/** The nine columns need this much room (a cell wraps before the list turns to cards); a narrower list (phone, tablet, small laptop) shows one card per delivery. */
export const TABLE_MIN_WIDTH = 1000;

const th = 'px-1.5 py-3 text-left first:pl-3 last:pr-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const td = 'px-1.5 py-3 align-top first:pl-3 last:pr-3 text-[0.8125rem] leading-snug text-slate-700';

/** No date for a moment of today, just its time; otherwise the date above the time. */
function Moment({ value }: { value: string }) {
  const today = isSameDay(new Date(value), new Date());
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {today ? formatTime(value) : formatDate(value)}
      {!today && <span className="block text-xs text-slate-500">{formatTime(value)}</span>}
    </time>
  );
}

/** The time the delivery is needed by (as the booking time is shown), or a dash when the booking named none. */
function RequiredBy({ value, stacked = false }: { value: string | null; stacked?: boolean }) {
  if (!value) return <span className="text-slate-400">—</span>;
  if (stacked) return <Moment value={value} />;
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {formatWhen(value)}
    </time>
  );
}

/** The delivery's price as it stands (under the status: no tenth column), when it has one. */
function PriceNote({ delivery: d }: { delivery: TDelivery }) {
  if (!d.price) return null;
  return (
    <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
      {d.price.final ? 'Price' : 'Price so far'}{' '}
      <span className="font-semibold text-slate-900 tabular-nums">{formatPrice(d.price.totalCents)}</span>
    </span>
  );
}

/** Who booked each delivery, by its _id: an account owner's list only. */
type TBookedBy = Record<string, { _id: string; name: string }>;

/** Every column of the My Deliveries table (and "Booked by" for an account's owner); cards on phones and tablets. */
export function DeliveriesTable({ deliveries, bookedBy }: { deliveries: TDelivery[]; bookedBy?: TBookedBy }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  const minWidth = bookedBy ? TABLE_MIN_WIDTH + 120 : TABLE_MIN_WIDTH;
  return (
    <div ref={frame}>
      {width === 0 ? null : width < minWidth ? (
        <DeliveryCards deliveries={deliveries} bookedBy={bookedBy} />
      ) : (
        <DeliveryRows deliveries={deliveries} bookedBy={bookedBy} />
      )}
    </div>
  );
}

function DeliveryCards({ deliveries, bookedBy }: { deliveries: TDelivery[]; bookedBy?: TBookedBy }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Deliveries">
      {deliveries.map((d) => (
        <li key={d._id} className="min-w-0">
          <DeliveryCard delivery={d} booker={bookedBy?.[d._id]?.name} />
        </li>
      ))}
    </ul>
  );
}

function DeliveryRows({ deliveries, bookedBy }: { deliveries: TDelivery[]; bookedBy?: TBookedBy }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <HeadCells
              className={th}
              names={[
                'ID',
                'Recipient',
                ...(bookedBy ? ['Booked By'] : []),
                'Package Type',
                'Pickup Address',
                'Delivery Address',
                'Status',
                'Required By',
                'Created At',
                <span key="actions" className="sr-only">
                  Actions
                </span>,
              ]}
            />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((d) => (
            <DeliveryRow key={d._id} id={d._id} className="transition-colors">
              <td className={td}>
                <span className="font-mono text-xs font-semibold whitespace-nowrap text-slate-900">#{d.orderId}</span>
                {/* STAT and the temperature under the number: the status column stays narrow enough for nine columns. */}
                <div className="mt-1.5">
                  <HandlingBadges handling={d} />
                </div>
              </td>
              <td className={td}>
                <span className="block font-medium text-slate-900">{d.recipientName}</span>
                <span className="block text-xs whitespace-nowrap text-slate-500">{d.recipientPhone}</span>
              </td>
              {bookedBy && <td className={td}>{bookedBy[d._id]?.name ?? '—'}</td>}
              <td className={td}>
                <span className="block whitespace-nowrap">{packageTypeLabel(d.packageType)}</span>
                <span className="block text-xs text-slate-500">{packageSizeShort(d.packageSize)}</span>
              </td>
              <td className={td} title={d.pickupAddress}>
                {truncateAddress(d.pickupAddress)}
              </td>
              <td className={td} title={d.deliveryAddress}>
                {truncateAddress(d.deliveryAddress)}
              </td>
              <td className={td}>
                <span className="inline-flex flex-wrap items-center gap-1">
                  <StatusBadge status={d.status} rejected={isRejectedByLab(d)} wrap />
                  {isOverdue(d) && <OverdueBadge />}
                </span>
                <PriceNote delivery={d} />
              </td>
              <td className={td}>
                <RequiredBy value={d.requiredBy} stacked />
              </td>
              <td className={td}>
                <Moment value={d.createdAt} />
              </td>
              <td className={`${td} text-right`}>
                <Link
                  to={paths.delivery(d._id)}
                  onClick={(event) => event.stopPropagation()}
                  className="flex min-h-6 items-center justify-end text-[0.8125rem] font-semibold whitespace-nowrap text-brand-700 hover:text-brand-800 hover:underline"
                >
                  View Details
                </Link>
                <Link
                  to={paths.bookAgain(d._id)}
                  onClick={(event) => event.stopPropagation()}
                  aria-label={`Book again: #${d.orderId}`}
                  // min-h-6 each: WCAG 2.2's 24 px target for two links stacked in one cell.
                  className="mt-1 inline-flex min-h-6 items-center gap-1 text-xs font-medium whitespace-nowrap text-slate-600 hover:text-brand-800 hover:underline"
                >
                  <Repeat aria-hidden="true" className="size-3.5" />
                  Book again
                </Link>
              </td>
            </DeliveryRow>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeliveryCard({ delivery: d, booker }: { delivery: TDelivery; booker?: string }) {
  const openProps = useOpenDeliveryProps();
  return (
    // A click anywhere opens the delivery; keyboards and screen readers use the View Details link, so the card is
    // not a second link around it (its name could not hold all its text: WCAG 2.5.3, label in name).
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut for the link inside
    // biome-ignore lint/a11y/useKeyWithClickEvents: the link inside is the keyboard's way
    <div
      onClick={openProps(d._id).onClick}
      className="flex h-full cursor-pointer flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold text-slate-900">#{d.orderId}</p>
          <time dateTime={d.createdAt} className="mt-0.5 block text-xs text-slate-500">
            {formatWhen(d.createdAt)}
          </time>
        </div>
        <span className="inline-flex flex-wrap items-center gap-1">
          <StatusBadge status={d.status} rejected={isRejectedByLab(d)} />
          {isOverdue(d) && <OverdueBadge />}
        </span>
      </div>
      <HandlingBadges handling={d} className="mt-2" />
      {/* Wraps on a narrow phone rather than pushing the card past the screen edge. */}
      <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
        <span className="font-medium break-words text-slate-900">{d.recipientName}</span>
        <span className="whitespace-nowrap text-slate-500">· {d.recipientPhone}</span>
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <Package aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        {packageTypeLabel(d.packageType)} · {packageSizeShort(d.packageSize)}
      </p>
      <PriceNote delivery={d} />
      <dl className="mt-3 space-y-1.5 border-t border-slate-100 pt-3 text-sm">
        <div className="flex gap-2">
          <dt className="flex w-16 shrink-0 items-center gap-1 self-start pt-0.5 text-xs font-medium text-slate-500 uppercase">
            <MapPin aria-hidden="true" className="size-3.5" />
            From
          </dt>
          <dd className="min-w-0 text-slate-700" title={d.pickupAddress}>
            {truncateAddress(d.pickupAddress)}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="flex w-16 shrink-0 items-center gap-1 self-start pt-0.5 text-xs font-medium text-slate-500 uppercase">
            <MapPin aria-hidden="true" className="size-3.5" />
            To
          </dt>
          <dd className="min-w-0 text-slate-700" title={d.deliveryAddress}>
            {truncateAddress(d.deliveryAddress)}
          </dd>
        </div>
        {booker !== undefined && (
          <div className="flex gap-2">
            <dt className="flex w-16 shrink-0 items-center gap-1 self-start pt-0.5 text-xs font-medium text-slate-500 uppercase">
              <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
              Booked by
            </dt>
            <dd className="min-w-0 text-slate-700">{booker || '—'}</dd>
          </div>
        )}
        {d.requiredBy && (
          <div className="flex gap-2">
            <dt className="flex w-16 shrink-0 items-center gap-1 self-start pt-0.5 text-xs font-medium text-slate-500 uppercase">
              <Clock aria-hidden="true" className="size-3.5" />
              <span>
                <span className="sr-only">Required </span>By
              </span>
            </dt>
            <dd className="min-w-0 text-slate-700">
              <RequiredBy value={d.requiredBy} />
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3 pt-3">
        <Link
          to={paths.bookAgain(d._id)}
          onClick={(event) => event.stopPropagation()}
          aria-label={`Book again: #${d.orderId}`}
          className="inline-flex min-h-6 items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-800"
        >
          <Repeat aria-hidden="true" className="size-4" />
          Book again
        </Link>
        <Link
          to={paths.delivery(d._id)}
          onClick={(event) => event.stopPropagation()}
          // min-h-6: WCAG 2.2's 24 px target, inside a card that is itself a target.
          className="inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          View Details
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
