import { COMPANY } from '@courier/contract';
import { Clock, Globe, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { OfficeMapCard } from './office-map-card';
import { SectionHeading } from './section-heading';

const telHref = `tel:${COMPANY.phone.replace(/[^\d+]/g, '')}`;

function ContactItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:gap-4 sm:p-5">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-slate-500">{title}</h3>
        <div className="mt-1 font-medium break-words text-slate-900">{children}</div>
      </div>
    </li>
  );
}

/** Contact: phone, e-mail, website, business hours and the office on a map. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="contact-title" eyebrow="Contact Us" title="Talk to a dispatcher, not a call tree">
          Questions about a delivery, a standing route or a quote? Reach our Boston team during business hours.
        </SectionHeading>

        <div className="mt-14 grid gap-6 lg:grid-cols-[1fr_1.25fr]">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <ContactItem icon={<Phone aria-hidden="true" className="size-5" />} title="Phone">
              <a href={telHref} className="hover:text-brand-700">
                {COMPANY.phone}
              </a>
            </ContactItem>
            <ContactItem icon={<Mail aria-hidden="true" className="size-5" />} title="E-mail">
              <a href={`mailto:${COMPANY.email}`} className="hover:text-brand-700">
                {COMPANY.email}
              </a>
            </ContactItem>
            <ContactItem icon={<Globe aria-hidden="true" className="size-5" />} title="Website">
              <a href={`https://${COMPANY.website}`} className="hover:text-brand-700">
                {COMPANY.website}
              </a>
            </ContactItem>
            <ContactItem icon={<Clock aria-hidden="true" className="size-5" />} title="Business hours">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
                {COMPANY.hours.map((entry) => (
                  <div key={entry.days} className="contents">
                    <dt>{entry.days}</dt>
                    <dd className={entry.hours === 'Closed' ? 'text-slate-500' : 'whitespace-nowrap'}>{entry.hours}</dd>
                  </div>
                ))}
              </dl>
            </ContactItem>
            <ContactItem icon={<MapPin aria-hidden="true" className="size-5" />} title="Office">
              <address className="not-italic">{COMPANY.address}</address>
            </ContactItem>
          </ul>

          <OfficeMapCard />
        </div>
      </div>
    </section>
  );
}
