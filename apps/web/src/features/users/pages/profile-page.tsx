import { ACCOUNT_TYPE_LABELS, MESSAGES, type TAccountType } from '@courier/contract';
import { Building2, Mail, MapPin, Package, Phone, Settings, Truck, UserRound } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StatTile } from '@/components/ui/stat-tile';
import { errorMessage } from '@/lib/error-message';
import { formatMonthYear } from '@/lib/delivery-format';
import { type TSessionUser, useSession } from '@/lib/session';
import { useCurrentUser } from '../api/get-current-user';
import { useProfileStats } from '../api/get-profile-stats';

/** What the page reads of the account, from the session or from the server. */
type TProfileUser = Pick<
  TSessionUser,
  'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'accountType' | 'picture' | 'createdAt' | 'organisation'
>;

function Detail({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    // dt and dd sit right in the group's div (axe's definition-list rule); the icon hangs in the padding.
    <div className="relative min-h-15 min-w-0 py-3 pl-12">
      <dt className="text-xs font-medium text-slate-500">
        <span className="absolute top-3 left-0 flex size-9 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children || <span className="text-slate-400">—</span>}</dd>
    </div>
  );
}

/** /profile: who the customer is, and how many deliveries they have (total, and assigned or in transit). */
export function ProfilePage() {
  const session = useSession();
  // The server's account once it answers (it may have changed in Account Settings), the stored one until then.
  const { data: account } = useCurrentUser();
  const user: TProfileUser | null = session.user ? ((account as TProfileUser | undefined) ?? session.user) : null;
  const stats = useProfileStats(!!user);

  useEffect(() => {
    if (stats.isError) toast.error(errorMessage(stats.error, MESSAGES.profileStatsFailed), { toastId: 'profile-stats-failed' });
  }, [stats.isError, stats.error]);

  if (!user) {
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 py-12 text-center">
        <title>Profile · MedCourier</title>
        <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <UserRound aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-xl font-bold text-slate-900">{MESSAGES.userNotFound}</h1>
        <p className="mt-1 text-sm text-slate-600">{MESSAGES.pleaseLogIn}</p>
        <Link to={paths.auth.login} className={buttonClass({ className: 'mt-6' })}>
          Go to Login
        </Link>
      </section>
    );
  }

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Account';
  const accountType = user.accountType ? (ACCOUNT_TYPE_LABELS[user.accountType as TAccountType] ?? user.accountType) : '';
  const memberSince = formatMonthYear(user.createdAt);

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>Profile · MedCourier</title>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="h-24 bg-gradient-to-r from-brand-600 to-brand-800 sm:h-28" />
        <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:justify-between sm:px-7">
          <div className="-mt-12 flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-5">
            {user.picture ? (
              <img src={user.picture} alt="" className="size-24 rounded-full border-4 border-white bg-white object-cover shadow" />
            ) : (
              <span className="flex size-24 items-center justify-center rounded-full border-4 border-white bg-brand-100 text-brand-700 shadow">
                <UserRound aria-hidden="true" className="size-11" />
              </span>
            )}
            <div className="pb-1">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
              {user.organisation && <p className="font-medium text-slate-700">{user.organisation}</p>}
              {memberSince && <p className="text-sm text-slate-500">Member since {memberSince}</p>}
            </div>
          </div>
          <Link to={paths.accountSettings} className={buttonClass({ variant: 'secondary', className: 'self-start sm:self-auto' })}>
            <Settings aria-hidden="true" className="size-4" />
            Edit profile
          </Link>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="contact-title" className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm lg:col-span-2">
          <h2 id="contact-title" className="text-base font-semibold text-slate-900">
            Account details
          </h2>
          <dl className="mt-1 grid divide-y divide-slate-100 sm:grid-cols-2 sm:gap-x-6 sm:divide-y-0">
            <Detail icon={Mail} label="E-mail">
              {user.email}
            </Detail>
            <Detail icon={Phone} label="Phone">
              {user.phone}
            </Detail>
            <Detail icon={MapPin} label="Address">
              {user.address}
            </Detail>
            <Detail icon={Building2} label="Account type">
              {accountType}
            </Detail>
          </dl>
        </section>

        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-1 lg:content-start">
          <StatTile label="Total Deliveries" value={stats.data?.totalDeliveries} icon={Package} tone="brand" loading={stats.isPending} />
          <StatTile
            label="Active Deliveries"
            value={stats.data?.profileActiveDeliveries}
            icon={Truck}
            tone="blue"
            loading={stats.isPending}
          />
        </div>
      </div>
    </section>
  );
}
