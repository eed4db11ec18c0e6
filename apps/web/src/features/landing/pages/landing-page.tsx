import { COMPANY } from '@courier/contract';
import { AboutSection } from '../components/about-section';
import { AudienceStrip } from '../components/audience-strip';
import { ClosingCta } from '../components/closing-cta';
import { ContactSection } from '../components/contact-section';
import { HeroSection } from '../components/hero-section';
import { ProcessSection } from '../components/process-section';
import { ServicesSection } from '../components/services-section';

/** The landing page: hero, Our Process, Services, About Us, contact, call to action (app/ adds the SMS banner). */
export function LandingPage() {
  return (
    <>
      <title>{`${COMPANY.name} — Medical courier & parcel delivery`}</title>
      <HeroSection />
      <AudienceStrip />
      <ProcessSection />
      <ServicesSection />
      <AboutSection />
      <ContactSection />
      <ClosingCta />
    </>
  );
}
