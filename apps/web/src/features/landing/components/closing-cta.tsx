import { ArrowRight, MessageSquareText, PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The closing call to action: book, track, or sign up for texts. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgb(103_209_226/0.35),transparent_45%),radial-gradient(circle_at_85%_90%,rgb(39_178_203/0.3),transparent_40%)]"
        />
        <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Your next pickup can be on its way in minutes
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">
          Book a courier online, follow it on the map, and keep the proof of delivery with the record.
        </p>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.orderDelivery} className={buttonClass({ variant: 'inverse', size: 'lg' })}>
            Request a Delivery now
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          <Link to={paths.tracking} className={buttonClass({ variant: 'inverse-outline', size: 'lg' })}>
            <PackageSearch aria-hidden="true" className="size-5" />
            Track a Package
          </Link>
        </div>
        <p className="mt-8 text-sm text-brand-200">
          <Link
            to={paths.optin}
            className="inline-flex items-center gap-1.5 font-medium underline-offset-4 hover:text-white hover:underline"
          >
            <MessageSquareText aria-hidden="true" className="size-4" />
            Get delivery and service updates by text or e-mail
          </Link>
        </p>
      </div>
    </section>
  );
}
