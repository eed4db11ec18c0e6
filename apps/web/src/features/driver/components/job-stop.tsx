import type { ReactNode } from 'react';
import { Navigation, Phone } from 'lucide-react';

/**
 * Directions in the phone's maps app to the street address as typed: the coordinates we hold are the offline
 * geocoder's town or ZIP centre, which would send the driver to the middle of the postcode.
 */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const linkClass =
  'flex h-12 flex-1 items-center justify-center gap-2 rounded-xl bg-brand-50 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 active:bg-brand-100';

/** A stop of the job (pickup or drop-off): who, where, and the two thumbs-first links. */
export function JobStop({
  title,
  name,
  phone,
  address,
  current,
  children,
}: {
  /** What the stop offers besides call and maps (the "Arrived" button). */
  children?: ReactNode;
  title: string;
  name: string;
  phone: string;
  address: string;
  /** Kept for callers; directions use the address text. */
  coords?: { lat: number; lng: number } | null;
  current: boolean;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-2xl border bg-white p-4 shadow-sm ${current ? 'border-brand-300 ring-2 ring-brand-100' : 'border-slate-200'}`}
    >
      <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
        {current && <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 text-[10px] text-white">now</span>}
      </h2>
      <p className="mt-1 font-semibold text-slate-900">{name}</p>
      <p className="text-sm text-slate-700">{address}</p>
      <div className="mt-3 flex gap-2">
        <a href={telHref(phone)} className={linkClass} aria-label={`Call ${name} at ${phone}`}>
          <Phone aria-hidden="true" className="size-4" />
          Call
        </a>
        <a
          href={mapsUrl(address)}
          target="_blank"
          rel="noreferrer"
          className={linkClass}
          aria-label={`Open ${title.toLowerCase()} in maps`}
        >
          <Navigation aria-hidden="true" className="size-4" />
          Maps
        </a>
      </div>
      {children}
    </section>
  );
}
