import clsx from 'clsx';
import { LogIn, Menu, UserRound, X } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { landingSections, paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSectionNavigation } from './use-section-navigation';

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { isAuthenticated } = useSession();
  const goToSection = useSectionNavigation();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change (link outside the menu, back button) closes it
  useEffect(() => setMenuOpen(false), [pathname]);

  const choose = (sectionId: string) => (event: MouseEvent) => {
    event.preventDefault();
    setMenuOpen(false);
    goToSection(sectionId);
  };

  const account = isAuthenticated ? (
    <Link to={paths.userHome} className={buttonClass()} onClick={() => setMenuOpen(false)}>
      <UserRound aria-hidden="true" className="size-4" />
      Account
    </Link>
  ) : (
    <Link to={paths.auth.login} className={buttonClass()} onClick={() => setMenuOpen(false)}>
      <LogIn aria-hidden="true" className="size-4" />
      SIGN IN
    </Link>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href={`${paths.home}#hero`}
          onClick={choose('hero')}
          aria-label="MedCourier home"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Logo />
        </a>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {landingSections.map((section) => (
              <li key={section.id}>
                <a
                  href={`${paths.home}#${section.id}`}
                  onClick={choose(section.id)}
                  className="rounded-md px-3 py-2 text-sm font-semibold tracking-wide text-slate-600 transition-colors hover:bg-brand-50 hover:text-brand-700"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden md:block">{account}</div>

        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>

      <div id="mobile-menu" hidden={!menuOpen} className={clsx('border-t border-slate-200 bg-white md:hidden')}>
        <nav aria-label="Mobile" className="px-4 pt-2 pb-4">
          <ul className="flex flex-col">
            {landingSections.map((section) => (
              <li key={section.id}>
                <a
                  href={`${paths.home}#${section.id}`}
                  onClick={choose(section.id)}
                  className="block rounded-md px-3 py-3 text-sm font-semibold tracking-wide text-slate-700 hover:bg-brand-50 hover:text-brand-700"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-100 pt-3 [&>a]:w-full">{account}</div>
        </nav>
      </div>
    </header>
  );
}
