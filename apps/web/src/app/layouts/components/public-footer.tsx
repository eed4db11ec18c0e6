import { COMPANY } from '@courier/contract';
import { Clock, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSectionNavigation } from './use-section-navigation';

// Quick Links in this order: Home, About Us, Services, Contact.
const quickLinks = [
  { id: 'hero', label: 'Home' },
  { id: 'about', label: 'About Us' },
  { id: 'services', label: 'Services' },
  { id: 'contact', label: 'Contact' },
] as const;

const linkClass = 'text-slate-300 transition-colors hover:text-white';

export function PublicFooter() {
  const goToSection = useSectionNavigation();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Logo inverted />
          <p className="mt-4 max-w-sm leading-relaxed text-slate-400">
            Time-critical pickups and deliveries for healthcare providers, laboratories, pharmacies and hospitals, with live tracking and a
            recorded chain of custody.
          </p>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white">Quick Links</h2>
          <ul className="mt-4 space-y-2">
            {quickLinks.map((link) => (
              <li key={link.id}>
                <a
                  href={`${paths.home}#${link.id}`}
                  className={linkClass}
                  onClick={(event) => {
                    event.preventDefault();
                    goToSection(link.id);
                  }}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white">Contact Information</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a href={`tel:${COMPANY.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {COMPANY.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a href={`mailto:${COMPANY.email}`} className={`${linkClass} break-all`}>
                {COMPANY.email}
              </a>
            </li>
            <li className="flex gap-3">
              <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>{COMPANY.website}</span>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <address className="not-italic">{COMPANY.address}</address>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>
                {COMPANY.hours.map((h) => (
                  <span key={h.days} className="block">
                    {h.days}: {h.hours}
                  </span>
                ))}
              </span>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {COMPANY.name}. All rights reserved.
          </p>
          <ul className="flex gap-6">
            <li>
              <Link to={paths.terms} className={linkClass}>
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
