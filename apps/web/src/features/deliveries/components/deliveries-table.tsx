import type { TDelivery } from '@courier/contract';
import { ArrowRight, MapPin, Package, Repeat } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatTime, formatWhen, isSameDay, truncateAddress } from '../lib/format';
import { packageSizeShort, packageTypeLabel } from '../lib/labels';
import { useElementWidth } from '../lib/use-element-width';
import { useOpenDeliveryProps } from '../lib/use-open-delivery';
import { StatusBadge } from './status-badge';

/** The eight columns need this much room; a narrower list (phone, tablet, small laptop) shows one card per delivery. */
export const TABLE_MIN_WIDTH = 1000;

const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const td = 'px-3 py-3 align-top text-[0.8125rem] leading-snug text-slate-700';

/** SPEC section 9: no date for a moment of today, just its time. */
function Created({ value }: { value: string }) {
  const today = isSameDay(new Date(value), new Date());
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {today ? formatTime(value) : formatDate(value)}
      {!today && <span className="block text-xs text-slate-500">{formatTime(value)}</span>}
    </time>
  );
}

/** Every column of SPEC's My Deliveries table; cards on phones and tablets. */
export function DeliveriesTable({ deliveries }: { deliveries: TDelivery[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  return (
    <div ref={frame}>
      {width === 0 ? null : width < TABLE_MIN_WIDTH ? <DeliveryCards deliveries={deliveries} /> : <DeliveryRows deliveries={deliveries} />}
    </div>
  );
}

function DeliveryCards({ deliveries }: { deliveries: TDelivery[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Deliveries">
      {deliveries.map((d) => (
        <li key={d._id} className="min-w-0">
          <DeliveryCard delivery={d} />
        </li>
      ))}
    </ul>
  );
}

function DeliveryRows({ deliveries }: { deliveries: TDelivery[] }) {
  const openProps = useOpenDeliveryProps();
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              ID
            </th>
            <th scope="col" className={th}>
              Recipient
            </th>
            <th scope="col" className={th}>
              Package Type
            </th>
            <th scope="col" className={th}>
              Pickup Address
            </th>
            <th scope="col" className={th}>
              Delivery Address
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Created At
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((d) => (
            <tr
              key={d._id}
              tabIndex={0}
              {...openProps(d._id)}
              className="cursor-pointer transition-colors hover:bg-brand-50/50 focus-visible:bg-brand-50/60 focus-visible:outline-none"
            >
              <td className={`${td} font-mono text-xs font-semibold whitespace-nowrap text-slate-900`}>#{d.orderId}</td>
              <td className={td}>
                <span className="block font-medium text-slate-900">{d.recipientName}</span>
                <span className="block text-xs whitespace-nowrap text-slate-500">{d.recipientPhone}</span>
              </td>
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
                <StatusBadge status={d.status} wrap />
              </td>
              <td className={td}>
                <Created value={d.createdAt} />
              </td>
              <td className={`${td} text-right`}>
                <Link
                  to={paths.delivery(d._id)}
                  onClick={(event) => event.stopPropagation()}
                  className="block text-[0.8125rem] font-semibold whitespace-nowrap text-brand-700 hover:text-brand-800 hover:underline"
                >
                  View Details
                </Link>
                <Link
                  to={paths.bookAgain(d._id)}
                  onClick={(event) => event.stopPropagation()}
                  aria-label={`Book again: #${d.orderId}`}
                  className="mt-1.5 inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-slate-600 hover:text-brand-800 hover:underline"
                >
                  <Repeat aria-hidden="true" className="size-3.5" />
                  Book again
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeliveryCard({ delivery: d }: { delivery: TDelivery }) {
  const openProps = useOpenDeliveryProps();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding a link cannot itself be a link
    <div
      role="link"
      tabIndex={0}
      {...openProps(d._id)}
      aria-label={`Delivery #${d.orderId} to ${d.recipientName}`}
      className="flex h-full cursor-pointer flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold text-slate-900">#{d.orderId}</p>
          <time dateTime={d.createdAt} className="mt-0.5 block text-xs text-slate-500">
            {formatWhen(d.createdAt)}
          </time>
        </div>
        <StatusBadge status={d.status} />
      </div>
      {/* Wraps on a narrow phone rather than pushing the card past the screen edge. */}
      <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
        <span className="font-medium break-words text-slate-900">{d.recipientName}</span>
        <span className="whitespace-nowrap text-slate-500">· {d.recipientPhone}</span>
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <Package aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        {packageTypeLabel(d.packageType)} · {packageSizeShort(d.packageSize)}
      </p>
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
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3 pt-3">
        <Link
          to={paths.bookAgain(d._id)}
          onClick={(event) => event.stopPropagation()}
          aria-label={`Book again: #${d.orderId}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-800"
        >
          <Repeat aria-hidden="true" className="size-4" />
          Book again
        </Link>
        <Link
          to={paths.delivery(d._id)}
          onClick={(event) => event.stopPropagation()}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          View Details
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
