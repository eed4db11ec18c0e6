import { COMPANY } from '@courier/contract';
import { useCurrentUser } from '../api/get-current-user';
import { ChangePasswordCard, NotificationPreferencesCard, PersonalInfoCard } from '../components/account-cards';

/**
 * /admin/account and /driver/account: staff and drivers keep their own profile, password and notices here,
 * inside their own area (the customer's page has saved addresses and account deletion, which are not theirs).
 */
export function OwnAccountPage() {
  const { data: user } = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{`My account · ${COMPANY.name}`}</title>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My account</h1>
        <p className="mt-1 text-slate-600">Your name and phone, your password, and how we tell you about things.</p>
      </header>
      <div className="mt-6 space-y-6">
        <PersonalInfoCard user={user} description="Your name and phone as your colleagues see them." />
        <ChangePasswordCard />
        <NotificationPreferencesCard user={user} description="Choose whether we e-mail or text you as well as the bell." />
      </div>
    </div>
  );
}
