/** localStorage key of the banner's dismissal. */
export const OPTIN_BANNER_DISMISSED_KEY = 'optin-banner-dismissed';

export function wasBannerDismissed(): boolean {
  try {
    return localStorage.getItem(OPTIN_BANNER_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberBannerDismissal(): void {
  try {
    localStorage.setItem(OPTIN_BANNER_DISMISSED_KEY, 'true');
  } catch {
    // Private mode without storage: it hides for this visit only.
  }
}
