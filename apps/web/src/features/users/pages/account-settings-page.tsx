import { COMPANY, DRIVER_ROLES, isStaff } from '@courier/contract';
import { Bell, BookUser, KeyRound, KeySquare, Trash2, UserRound, Webhook } from 'lucide-react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useCurrentUser } from '../api/get-current-user';
import { ChangePasswordCard, NotificationPreferencesCard, PersonalInfoCard } from '../components/account-cards';
import { AddressBookSection } from '../components/address-book-section';
import { ApiKeysSection } from '../components/api-keys-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { SettingsCard } from '../components/settings-card';
import { WebhooksSection } from '../components/webhooks-section';

const SECTIONS = [
  { id: 'personal-information', label: 'Personal information', icon: UserRound },
  { id: 'saved-addresses', label: 'Saved addresses', icon: BookUser },
  { id: 'change-password', label: 'Password', icon: KeyRound },
  { id: 'notification-preferences', label: 'Notifications', icon: Bell },
  { id: 'api-keys', label: 'API keys', icon: KeySquare, customerOnly: true },
  { id: 'webhooks', label: 'Webhooks', icon: Webhook, customerOnly: true },
  { id: 'delete-account', label: 'Delete account', icon: Trash2 },
] as const;

/** /account-settings: personal information, saved addresses, password, notification preferences and account deletion. */
export function AccountSettingsPage() {
  const { data: user } = useCurrentUser();
  const { role } = useSession();
  // Staff and drivers have their own page in their own area (no address book, no self-deletion).
  if (role && DRIVER_ROLES.includes(role)) return <Navigate to={paths.driverAccount} replace />;
  if (isStaff(role)) return <Navigate to={paths.staffAccount} replace />;
  // Keys and webhooks are a customer's own systems talking to us.
  const isCustomer = role === 'CUSTOMER';
  const sections = SECTIONS.filter((s) => isCustomer || !('customerOnly' in s));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <title>{`Account Settings · ${COMPANY.name}`}</title>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account Settings</h1>
        <p className="mt-1 text-slate-600">Manage your personal information, password and how we keep you informed.</p>
      </header>

      <div className="mt-6 grid gap-8 lg:mt-8 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-label="Settings sections" className="hidden lg:block">
          <ul className="sticky top-24 space-y-1">
            {sections.map(({ id, label, icon: Icon }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-white hover:text-slate-900 hover:shadow-sm"
                >
                  <Icon aria-hidden="true" className="size-4 text-slate-400" />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-6">
          <PersonalInfoCard user={user} description="Your name and phone appear on your delivery requests." />

          <SettingsCard
            id="saved-addresses"
            icon={<BookUser aria-hidden="true" />}
            title="Saved Addresses"
            description="Pickup points and recipients offered first when you request a delivery."
          >
            <AddressBookSection />
          </SettingsCard>

          <ChangePasswordCard />

          <NotificationPreferencesCard user={user} description="Choose how we tell you about your deliveries." />

          {isCustomer && (
            <>
              <SettingsCard
                id="api-keys"
                icon={<KeySquare aria-hidden="true" />}
                title="API Keys"
                description="Let your own systems book and follow deliveries. Send a key as Authorization: Bearer mck_… (see the API reference at /api/docs)."
              >
                <ApiKeysSection />
              </SettingsCard>
              <SettingsCard
                id="webhooks"
                icon={<Webhook aria-hidden="true" />}
                title="Webhooks"
                description="We call your endpoint when your deliveries change, signed so your system can check it came from us."
              >
                <WebhooksSection />
              </SettingsCard>
            </>
          )}

          <SettingsCard
            id="delete-account"
            tone="danger"
            icon={<Trash2 aria-hidden="true" />}
            title="Delete Account"
            description="Permanently close your MedCourier account."
          >
            <DeleteAccountSection alreadyDeleted={!!user?.isDeleted} />
          </SettingsCard>
        </div>
      </div>
    </div>
  );
}
