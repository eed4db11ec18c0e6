export const COMPANY = {
  name: 'MedCourier',
  phone: '+1 (617) 555-0142',
  email: 'hello@medcourier.example',
  website: 'www.medcourier.example',
  address: '200 Longwood Ave, Boston, MA 02115',
  officeCoords: { lat: 42.3376, lng: -71.1048 },
  hours: [
    { days: 'Mon-Fri', hours: '08:00 am to 06:00 pm' },
    { days: 'Sat-Sun', hours: 'Closed' },
  ],
} as const;

export const TIMINGS = {
  carouselMs: 5000,
  optinBannerDelayMs: 2000,
  scrollOnPageMs: 300,
  scrollFromOtherPageMs: 800,
  scrollOffset: -70,
  verifyEmailRedirectMs: 3000,
  feedbackRedirectMs: 2000,
  deliverySubmitRedirectMs: 2000,
  notificationPollMs: 30000,
  toastMs: 5000,
  signupErrorToastMs: 7000,
} as const;

export const MAP = { heightPx: 400, defaultZoom: 10, focusZoom: 12 } as const;
export const FEEDBACK_COMMENT_MAX = 1000;
/** A booking's PO or cost-centre reference: long enough for any PO number and a cost-centre path. */
export const REFERENCE_MAX = 60;
