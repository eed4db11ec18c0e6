/** Every route of the web app, written once. Links use these; the router uses `routes` for patterns. */
const enc = encodeURIComponent;

export const paths = {
  home: '/',
  tracking: '/tracking',
  track: (trackingId: string) => `/track/${enc(trackingId)}`,
  feedback: (trackingId: string) => `/track/${enc(trackingId)}/feedback`,
  optin: '/optin',
  terms: '/terms',
  privacy: '/privacy',
  auth: {
    login: '/auth/login',
    signup: '/auth/signup',
    requestPassword: '/auth/request-password',
    resetPassword: '/auth/reset-password',
    verifyEmail: '/auth/verify-email',
    verifyOtp: '/auth/verify-otp',
  },
  userHome: '/user/home',
  profile: '/profile',
  orderDelivery: '/order-delivery',
  /** The request form filled from an earlier delivery ('Book again'). */
  bookAgain: (id: string) => `/order-delivery?again=${enc(id)}`,
  deliveries: '/deliveries',
  /** My Deliveries narrowed to a search from the top bar. */
  searchDeliveries: (q: string) => `/deliveries?q=${enc(q)}`,
  delivery: (id: string) => `/delivery/${enc(id)}`,
  accountSettings: '/account-settings',
  /** The customer's account: its name, their role, and for owners its members and invitations. */
  account: '/account',
  /** An invitation e-mail's link to join a customer account (public: new people set a password there). */
  accountInvitation: '/account/invitation',
  /** The account's lab-system interfaces (owners): FHIR clients and HL7 senders. */
  accountIntegrations: '/account/integrations',
  standingOrders: '/standing-orders',
  /** A new standing order, filled from an earlier delivery when `from` names one. */
  newStandingOrder: (fromDeliveryId?: string) =>
    fromDeliveryId ? `/standing-orders/new?from=${enc(fromDeliveryId)}` : '/standing-orders/new',
  /** Change a standing order's schedule (future occurrences only). */
  editStandingOrder: (id: string) => `/standing-orders/${enc(id)}/edit`,
  importDeliveries: '/deliveries/import',
  adminDashboard: '/admin/dashboard',
  /** The dispatch console's live map and route planner. */
  adminDispatchMap: '/admin/dispatch-map',
  adminDelivery: (id: string) => `/admin/deliveries/${enc(id)}`,
  /** Every delivery, past ones included: filters live in the query string. */
  adminDeliveries: '/admin/deliveries',
  adminDeliveriesWhere: (filter: Record<string, string>) => `/admin/deliveries?${new URLSearchParams(filter)}`,
  adminReports: '/admin/reports',
  /** Discrepancy cases: the list (filters in the query string) and one case. */
  adminDiscrepancies: '/admin/discrepancies',
  adminDiscrepancy: (id: string) => `/admin/discrepancies/${enc(id)}`,
  /** Staff's and drivers' own profile, password and notices, in their own area. */
  staffAccount: '/admin/account',
  driverAccount: '/driver/account',
  /** A customer's own report. */
  reports: '/reports',
  adminUsers: '/admin/users',
  adminFeedback: '/admin/feedback',
  adminOptins: '/admin/optins',
  adminDevices: '/admin/devices',
  adminAudit: '/admin/audit',
  adminStandingOrders: '/admin/standing-orders',
  adminMessages: '/admin/messages',
  /** Money: the accounts that pay, their rate cards and the fuel surcharge. */
  adminAccounts: '/admin/accounts',
  adminInvoices: '/admin/invoices',
  adminInvoice: (id: string) => `/admin/invoices/${enc(id)}`,
  adminReceivables: '/admin/receivables',
  /** The account owner's invoices (the billing e-mail links to one) and statement. */
  myInvoices: '/account/invoices',
  myInvoice: (id: string) => `/account/invoices/${enc(id)}`,
  myStatement: '/account/statement',
  adminRateCards: '/admin/rate-cards',
  adminNewRateCard: '/admin/rate-cards/new',
  adminRateCard: (id: string) => `/admin/rate-cards/${enc(id)}`,
  /** Driver pay: a driver's rule, bank account, items and adjustments; the period's settlements. */
  adminDriverPay: '/admin/driver-pay',
  adminDriverPayFor: (driverId: string) => `/admin/driver-pay?driver=${enc(driverId)}`,
  adminSettlements: '/admin/settlements',
  /** The receiving end's one-time receipt page, reached from the delivered message. */
  receive: (token: string) => `/receive/${enc(token)}`,
  driverHome: '/driver/home',
  /** The driver's own pay: today, this week and past statements. */
  driverEarnings: '/driver/earnings',
  driverJob: (id: string) => `/driver/jobs/${enc(id)}`,
  driverPickup: (id: string) => `/driver/jobs/${enc(id)}/pickup`,
  driverProof: (id: string) => `/driver/jobs/${enc(id)}/proof`,
  driverFailedAttempt: (id: string) => `/driver/jobs/${enc(id)}/could-not-deliver`,
} as const;

/** Route patterns for the parametric paths above. */
export const routes = {
  track: '/track/:trackingId',
  feedback: '/track/:trackingId/feedback',
  receive: '/receive/:token',
  delivery: '/delivery/:id',
  newStandingOrder: '/standing-orders/new',
  editStandingOrder: '/standing-orders/:id/edit',
  adminDelivery: '/admin/deliveries/:id',
  adminDiscrepancy: '/admin/discrepancies/:id',
  adminRateCard: '/admin/rate-cards/:id',
  adminInvoice: '/admin/invoices/:id',
  myInvoice: '/account/invoices/:id',
  driverJob: '/driver/jobs/:id',
  driverPickup: '/driver/jobs/:id/pickup',
  driverProof: '/driver/jobs/:id/proof',
  driverFailedAttempt: '/driver/jobs/:id/could-not-deliver',
} as const;

/** Anchors on the landing page, in header order. */
export const landingSections = [
  { id: 'hero', label: 'HOME', footerLabel: 'Home' },
  { id: 'services', label: 'SERVICES', footerLabel: 'Services' },
  { id: 'about', label: 'ABOUT US', footerLabel: 'About Us' },
  { id: 'contact', label: 'CONTACT US', footerLabel: 'Contact' },
] as const;
export type TLandingSection = (typeof landingSections)[number]['id'];
