import { LandingPage } from '@/features/landing/pages/landing-page';
import { OptinBanner } from '@/features/optin/components/optin-banner';

/** / : the landing page with the SMS opt-in banner over it (two features, composed here). */
export function HomePage() {
  return (
    <>
      <LandingPage />
      <OptinBanner />
    </>
  );
}
