import { Fingerprint, GraduationCap, ShieldCheck } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { TestimonialsCarousel } from './testimonials-carousel';

const commitments = [
  {
    icon: Fingerprint,
    title: 'A chain of custody no one can quietly rewrite',
    text: 'Every hand-over is recorded with time, place and person, and each record is sealed to the one before it.',
  },
  {
    icon: GraduationCap,
    title: 'Couriers trained for healthcare',
    text: 'Specimen handling, bloodborne-pathogen safety and patient privacy are part of every courier’s onboarding.',
  },
  {
    icon: ShieldCheck,
    title: 'HIPAA-aware by design',
    text: 'Packages stay sealed, public tracking shows only what is necessary, and staff access to records is logged.',
  },
] as const;

/** About Us: who we are, what we commit to, and what customers say. */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-14 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <SectionHeading id="about-title" eyebrow="About Us" title="A courier that works like part of your care team" align="left">
            MedCourier was started in Boston by people who spent years running lab logistics and hospital supply rooms. We built the courier
            we wished we had: on time, careful with what it carries, and able to prove it.
          </SectionHeading>
          <ul className="mt-10 space-y-6">
            {commitments.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-1 block text-sm leading-relaxed text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="lg:pt-10">
          <TestimonialsCarousel />
        </div>
      </div>
    </section>
  );
}
