import { ArrowRight, LogIn, MapPinned, ShieldCheck, Snowflake, UserRound, UserRoundPlus, Waypoints } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { HeroDeliveryCard } from './hero-delivery-card';

const assurances = [
  { icon: Waypoints, text: 'Chain of custody on every hand-over' },
  { icon: Snowflake, text: 'Ambient, refrigerated and frozen' },
  { icon: MapPinned, text: 'Live tracking from pick-up to drop-off' },
] as const;

/** The first screen: promise, sign-up or account, and the two things visitors come to do. */
export function HeroSection() {
  const { isAuthenticated } = useSession();
  return (
    <section id="hero" aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-brand-950 text-white">
      {/* Soft light and a faint grid: depth without images from elsewhere. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_70%_0%,rgb(11_149_176/0.45),transparent_70%),radial-gradient(ellipse_60%_50%_at_0%_100%,rgb(16_95_118/0.6),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [mask-image:linear-gradient(to_bottom,black,transparent_85%)] bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] bg-[size:48px_48px]"
      />

      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-10 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
            <ShieldCheck aria-hidden="true" className="size-4 text-brand-300" />
            Medical courier for healthcare teams
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Delivering trust, speed <span className="text-brand-300">and efficacy</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-brand-100/90">
            Specimens, medication, supplies and records for clinics, laboratories, pharmacies and hospitals, handled securely from pick-up
            to drop-off with a recorded chain of custody.
          </p>

          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            {isAuthenticated ? (
              <Link to={paths.userHome} className={buttonClass({ variant: 'inverse', size: 'lg' })}>
                <UserRound aria-hidden="true" className="size-5" />
                Account
              </Link>
            ) : (
              <>
                <Link to={paths.auth.signup} className={buttonClass({ variant: 'inverse', size: 'lg', className: 'tracking-wide' })}>
                  <UserRoundPlus aria-hidden="true" className="size-5" />
                  SIGN UP NOW
                </Link>
                <Link to={paths.auth.login} className={buttonClass({ variant: 'inverse-outline', size: 'lg', className: 'tracking-wide' })}>
                  <LogIn aria-hidden="true" className="size-5" />
                  SIGN IN
                </Link>
              </>
            )}
          </div>

          <p className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm font-medium">
            <Link to={paths.tracking} className="group inline-flex items-center gap-1.5 text-brand-200 hover:text-white">
              Track a Package
              <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
            </Link>
          </p>

          <ul className="mt-10 grid gap-3 border-t border-white/10 pt-8 text-sm text-brand-100 sm:grid-cols-3 sm:gap-4">
            {assurances.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-2.5">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
                {text}
              </li>
            ))}
          </ul>
        </div>

        <HeroDeliveryCard />
      </div>
    </section>
  );
}
