import { COMPANY } from '@courier/contract';
import { ShieldCheck, Timer, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** Landing placeholder: the hero and the anchored sections the header links to (hero, services, about, contact). */
export function LandingPage() {
  const { isAuthenticated } = useSession();
  return (
    <>
      <section id="hero" className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/20">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Medical courier &amp; parcel delivery
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Delivering trust, speed and efficacy</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-brand-100">
            {COMPANY.name} carries medication, specimens, supplies and documents for healthcare teams, handled securely from pick-up to
            drop-off.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            {isAuthenticated ? (
              <Link to={paths.userHome} className={buttonClass({ variant: 'inverse', size: 'lg' })}>
                <UserRound aria-hidden="true" className="size-5" />
                Account
              </Link>
            ) : (
              <>
                <Link to={paths.auth.signup} className={buttonClass({ variant: 'inverse', size: 'lg' })}>
                  SIGN UP NOW
                </Link>
                <Link to={paths.auth.login} className={buttonClass({ variant: 'inverse-outline', size: 'lg' })}>
                  SIGN IN
                </Link>
              </>
            )}
          </div>
          <p className="mt-8 flex items-center gap-2 text-sm text-brand-200">
            <Timer aria-hidden="true" className="size-4" />
            {COMPANY.hours.map((h) => `${h.days}: ${h.hours}`).join(' · ')}
          </p>
        </div>
      </section>

      {(
        [
          ['services', 'Services'],
          ['about', 'About Us'],
          ['contact', 'Contact Us'],
        ] as const
      ).map(([id, heading], index) => (
        <section key={id} id={id} className={index % 2 ? 'bg-slate-50' : 'bg-white'}>
          <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
            <h2 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h2>
            <p className="mt-4 text-slate-600">Coming soon.</p>
          </div>
        </section>
      ))}
    </>
  );
}
