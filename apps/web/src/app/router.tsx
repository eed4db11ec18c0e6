import { ADMIN_ROLES, DRIVER_ROLES, MANAGER_ROLES, STAFF_ROLES } from '@courier/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths, routes } from '@/config/paths';
import { ErrorPage } from './error-page';
import { RequireAuth, RequireRole } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { UnknownPathLayout } from './layouts/unknown-path-layout';
import { RootLayout } from './root-layout';

/** A page module loaded on first visit; `pick` names the page's export. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

// Signed-in layouts load with their first page, so the public pages never carry them.
const customerLayout = lazyPage(
  () => import('./layouts/customer-layout'),
  (m) => m.CustomerLayout,
);
const staffLayout = lazyPage(
  () => import('./layouts/dispatch-layout'),
  (m) => m.DispatchLayout,
);
const driverLayout = lazyPage(
  () => import('./layouts/driver-layout'),
  (m) => m.DriverLayout,
);

// Public pages.
const publicPages: RouteObject[] = [
  {
    index: true,
    ...lazyPage(
      () => import('./pages/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: paths.tracking,
    ...lazyPage(
      () => import('@/features/tracking/pages/tracking-page'),
      (m) => m.TrackingPage,
    ),
  },
  {
    path: routes.track,
    ...lazyPage(
      () => import('@/features/tracking/pages/tracking-page'),
      (m) => m.TrackingPage,
    ),
  },
  {
    path: routes.feedback,
    ...lazyPage(
      () => import('@/features/feedback/pages/feedback-page'),
      (m) => m.FeedbackPage,
    ),
  },
  {
    path: routes.receive,
    ...lazyPage(
      () => import('@/features/receipts/pages/receipt-page'),
      (m) => m.ReceiptPage,
    ),
  },
  {
    path: paths.optin,
    ...lazyPage(
      () => import('@/features/optin/pages/optin-page'),
      (m) => m.OptinPage,
    ),
  },
  {
    path: paths.terms,
    ...lazyPage(
      () => import('@/features/legal/pages/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: paths.privacy,
    ...lazyPage(
      () => import('@/features/legal/pages/privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: paths.auth.login,
    ...lazyPage(
      () => import('@/features/auth/pages/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: paths.auth.signup,
    ...lazyPage(
      () => import('@/features/auth/pages/signup-page'),
      (m) => m.SignupPage,
    ),
  },
  {
    path: paths.auth.requestPassword,
    ...lazyPage(
      () => import('@/features/auth/pages/request-password-page'),
      (m) => m.RequestPasswordPage,
    ),
  },
  {
    path: paths.auth.resetPassword,
    ...lazyPage(
      () => import('@/features/auth/pages/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: paths.auth.verifyEmail,
    ...lazyPage(
      () => import('@/features/auth/pages/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: paths.accountInvitation,
    ...lazyPage(
      () => import('@/features/account/pages/invitation-page'),
      (m) => m.InvitationPage,
    ),
  },
  {
    path: paths.auth.verifyOtp,
    ...lazyPage(
      () => import('@/features/auth/pages/verify-otp-page'),
      (m) => m.VerifyOtpPage,
    ),
  },
];

// Signed-in customer pages.
const customerPages: RouteObject[] = [
  {
    path: paths.myInvoices,
    ...lazyPage(
      () => import('@/features/invoices/pages/my-invoices-page'),
      (m) => m.MyInvoicesPage,
    ),
  },
  {
    path: routes.myInvoice,
    ...lazyPage(
      () => import('@/features/invoices/pages/my-invoice-page'),
      (m) => m.MyInvoicePage,
    ),
  },
  {
    path: paths.myStatement,
    ...lazyPage(
      () => import('@/features/invoices/pages/statement-page'),
      (m) => m.StatementPage,
    ),
  },
  {
    path: paths.userHome,
    ...lazyPage(
      () => import('@/features/dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: paths.profile,
    ...lazyPage(
      () => import('@/features/users/pages/profile-page'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: paths.orderDelivery,
    ...lazyPage(
      () => import('@/features/deliveries/pages/order-delivery-page'),
      (m) => m.OrderDeliveryPage,
    ),
  },
  {
    path: routes.delivery,
    ...lazyPage(
      () => import('@/features/deliveries/pages/delivery-detail-page'),
      (m) => m.DeliveryDetailPage,
    ),
  },
  {
    path: paths.deliveries,
    ...lazyPage(
      () => import('@/features/deliveries/pages/deliveries-page'),
      (m) => m.DeliveriesPage,
    ),
  },
  {
    path: paths.reports,
    ...lazyPage(
      () => import('@/features/reports/pages/my-reports-page'),
      (m) => m.MyReportsPage,
    ),
  },
  {
    path: paths.account,
    ...lazyPage(
      () => import('@/features/account/pages/account-page'),
      (m) => m.AccountPage,
    ),
  },
  {
    path: paths.accountIntegrations,
    ...lazyPage(
      () => import('@/features/integrations/pages/integrations-page'),
      (m) => m.IntegrationsPage,
    ),
  },
  {
    path: paths.accountSettings,
    ...lazyPage(
      () => import('@/features/users/pages/account-settings-page'),
      (m) => m.AccountSettingsPage,
    ),
  },
  {
    path: paths.standingOrders,
    ...lazyPage(
      () => import('@/features/standing-orders/pages/standing-orders-page'),
      (m) => m.StandingOrdersPage,
    ),
  },
  {
    path: routes.newStandingOrder,
    ...lazyPage(
      () => import('@/features/standing-orders/pages/new-standing-order-page'),
      (m) => m.NewStandingOrderPage,
    ),
  },
  {
    path: routes.editStandingOrder,
    ...lazyPage(
      () => import('@/features/standing-orders/pages/edit-standing-order-page'),
      (m) => m.EditStandingOrderPage,
    ),
  },
  {
    path: paths.importDeliveries,
    ...lazyPage(
      () => import('@/features/delivery-import/pages/import-deliveries-page'),
      (m) => m.ImportDeliveriesPage,
    ),
  },
];

// The dispatch console beyond its dashboard (STAFF and above).
const staffPages: RouteObject[] = [
  {
    path: paths.adminDispatchMap,
    ...lazyPage(
      () => import('@/features/route-planning/pages/dispatch-map-page'),
      (m) => m.DispatchMapPage,
    ),
  },
  {
    path: paths.adminDeliveries,
    ...lazyPage(
      () => import('@/features/dispatch/pages/delivery-history-page'),
      (m) => m.DeliveryHistoryPage,
    ),
  },
  {
    path: paths.staffAccount,
    ...lazyPage(
      () => import('@/features/users/pages/own-account-page'),
      (m) => m.OwnAccountPage,
    ),
  },
  {
    path: paths.adminReports,
    ...lazyPage(
      () => import('@/features/reports/pages/dispatch-reports-page'),
      (m) => m.DispatchReportsPage,
    ),
  },
  {
    path: paths.adminDiscrepancies,
    ...lazyPage(
      () => import('@/features/discrepancies/pages/discrepancies-page'),
      (m) => m.DiscrepanciesPage,
    ),
  },
  {
    path: routes.adminDiscrepancy,
    ...lazyPage(
      () => import('@/features/discrepancies/pages/discrepancy-page'),
      (m) => m.DiscrepancyPage,
    ),
  },
  {
    path: routes.adminDelivery,
    ...lazyPage(
      () => import('@/features/dispatch/pages/dispatch-delivery-page'),
      (m) => m.DispatchDeliveryPage,
    ),
  },
  {
    path: paths.adminFeedback,
    ...lazyPage(
      () => import('@/features/feedback/pages/dispatch-feedback-page'),
      (m) => m.DispatchFeedbackPage,
    ),
  },
  {
    path: paths.adminOptins,
    ...lazyPage(
      () => import('@/features/optin/pages/dispatch-optins-page'),
      (m) => m.DispatchOptinsPage,
    ),
  },
  {
    path: paths.adminDevices,
    ...lazyPage(
      () => import('@/features/devices/pages/devices-page'),
      (m) => m.DevicesPage,
    ),
  },
  {
    path: paths.adminStandingOrders,
    ...lazyPage(
      () => import('@/features/standing-orders/pages/dispatch-standing-orders-page'),
      (m) => m.DispatchStandingOrdersPage,
    ),
  },
];

// Money (accounts, rate cards, fuel): MANAGER reads, ADMIN and above change (the pages hide what a manager cannot do).
// Driver pay: STAFF and above read items and settlements; ADMIN and above change them (the pages hide the rest).
const driverPayPages: RouteObject[] = [
  {
    path: paths.adminDriverPay,
    ...lazyPage(
      () => import('@/features/driver-pay/pages/driver-pay-page'),
      (m) => m.DriverPayPage,
    ),
  },
  {
    path: paths.adminSettlements,
    ...lazyPage(
      () => import('@/features/driver-pay/pages/settlements-page'),
      (m) => m.SettlementsPage,
    ),
  },
];
const moneyPages: RouteObject[] = [
  {
    path: paths.adminInvoices,
    ...lazyPage(
      () => import('@/features/invoices/pages/invoices-page'),
      (m) => m.InvoicesPage,
    ),
  },
  {
    path: routes.adminInvoice,
    ...lazyPage(
      () => import('@/features/invoices/pages/invoice-page'),
      (m) => m.InvoicePage,
    ),
  },
  {
    path: paths.adminReceivables,
    ...lazyPage(
      () => import('@/features/invoices/pages/receivables-page'),
      (m) => m.ReceivablesPage,
    ),
  },
  {
    path: paths.adminAccounts,
    ...lazyPage(
      () => import('@/features/billing/pages/accounts-page'),
      (m) => m.AccountsPage,
    ),
  },
  {
    path: paths.adminRateCards,
    ...lazyPage(
      () => import('@/features/billing/pages/rate-cards-page'),
      (m) => m.RateCardsPage,
    ),
  },
  {
    path: paths.adminNewRateCard,
    ...lazyPage(
      () => import('@/features/billing/pages/rate-card-page'),
      (m) => m.RateCardPage,
    ),
  },
  {
    path: routes.adminRateCard,
    ...lazyPage(
      () => import('@/features/billing/pages/rate-card-page'),
      (m) => m.RateCardPage,
    ),
  },
];

// Account management and the audit log (every IP and phone in it): ADMIN and above.
const adminPages: RouteObject[] = [
  {
    path: paths.adminAudit,
    ...lazyPage(
      () => import('@/features/audit/pages/audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  },
  {
    path: paths.adminUsers,
    ...lazyPage(
      () => import('@/features/users/pages/users-page'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: paths.adminMessages,
    ...lazyPage(
      () => import('@/features/messages/pages/failed-messages-page'),
      (m) => m.FailedMessagesPage,
    ),
  },
];

// The driver's job, pickup check and proof screens.
const driverPages: RouteObject[] = [
  {
    path: paths.driverEarnings,
    ...lazyPage(
      () => import('@/features/driver-pay/pages/earnings-page'),
      (m) => m.EarningsPage,
    ),
  },
  {
    path: paths.driverAccount,
    ...lazyPage(
      () => import('@/features/users/pages/own-account-page'),
      (m) => m.OwnAccountPage,
    ),
  },
  {
    path: routes.driverJob,
    ...lazyPage(
      () => import('@/features/driver/pages/driver-job-page'),
      (m) => m.DriverJobPage,
    ),
  },
  {
    path: routes.driverPickup,
    ...lazyPage(
      () => import('@/features/driver/pages/pickup-check-page'),
      (m) => m.PickupCheckPage,
    ),
  },
  {
    path: routes.driverProof,
    ...lazyPage(
      () => import('@/features/driver/pages/proof-of-delivery-page'),
      (m) => m.ProofOfDeliveryPage,
    ),
  },
  {
    path: routes.driverFailedAttempt,
    ...lazyPage(
      () => import('@/features/driver/pages/failed-attempt-page'),
      (m) => m.FailedAttemptPage,
    ),
  },
];

export const routeTree: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    // Errors in a layout itself land here; page errors render inside their layout (below).
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { Component: PublicLayout, children: [{ errorElement: <ErrorPage />, children: publicPages }] },
      {
        // Unknown paths: the 404 error page inside the signed-in user's own layout, else the public one.
        Component: UnknownPathLayout,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              {
                path: '*',
                loader: () => {
                  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
                },
                Component: () => null,
              },
            ],
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { ...customerLayout, children: [{ errorElement: <ErrorPage />, children: customerPages }] },
          {
            element: <RequireRole allow={STAFF_ROLES} />,
            children: [
              {
                ...staffLayout,
                children: [
                  {
                    errorElement: <ErrorPage />,
                    children: [
                      {
                        path: paths.adminDashboard,
                        ...lazyPage(
                          () => import('@/features/dispatch/pages/dispatch-board-page'),
                          (m) => m.DispatchBoardPage,
                        ),
                      },
                      ...staffPages,
                      ...driverPayPages,
                      { element: <RequireRole allow={MANAGER_ROLES} />, children: moneyPages },
                      { element: <RequireRole allow={ADMIN_ROLES} />, children: adminPages },
                    ],
                  },
                ],
              },
            ],
          },
          {
            element: <RequireRole allow={DRIVER_ROLES} />,
            children: [
              {
                ...driverLayout,
                children: [
                  {
                    errorElement: <ErrorPage />,
                    children: [
                      {
                        path: paths.driverHome,
                        ...lazyPage(
                          () => import('@/features/driver/pages/driver-home-page'),
                          (m) => m.DriverHomePage,
                        ),
                      },
                      ...driverPages,
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeTree);
