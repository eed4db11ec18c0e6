import { ROLE_IDS, ROLES, type TManagedUser, type TRole } from '@courier/contract';
import clsx from 'clsx';
import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { buttonClass } from '@/components/ui/button';
import { useListParams, useTypedFilter } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { useManagedUsers } from '../api/get-managed-users';
import { useInviteUser } from '../api/invite-user';
import { useUpdateManagedUser } from '../api/update-managed-user';
import { AccountChangeDialog, type TAccountChange } from '../components/account-change-dialog';
import { DriverShiftSection } from '../components/driver-shift-section';
import { InviteUserDialog } from '../components/invite-user-dialog';
import { grantableRoles, mayManage } from '../lib/account-rules';

const roleName = (role: TRole) => role.replace('_', ' ').toLowerCase();
const controlClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none';

function UserRow({ user, me, roles }: { user: TManagedUser; me: { id?: string; role: TRole | undefined }; roles: TRole[] }) {
  const update = useUpdateManagedUser();
  const manageable = mayManage(me, user);
  const name = `${user.firstName} ${user.lastName}`;
  const [asking, setAsking] = useState<TAccountChange | null>(null);
  const change = (body: { roleId?: string; isActive?: boolean }, done: string) =>
    update.mutate(
      { id: user._id, ...body },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success(done);
        },
        onError: (e) => {
          setAsking(null);
          toast.error(errorMessage(e, 'Could not change the account'));
        },
      },
    );
  const confirm = () => {
    if (asking?.kind === 'role') change({ roleId: ROLE_IDS[asking.role] }, `${name} is now ${roleName(asking.role)}`);
    else if (asking?.kind === 'disable') change({ isActive: false }, `${name} is disabled and signed out`);
  };
  return (
    <tr className={clsx(!user.isActive && 'bg-slate-50 text-slate-400')}>
      <td data-label="User" className={tdClass}>
        <span className="block font-medium text-slate-900">{name}</span>
        <span className="block text-xs text-slate-500">{user.email}</span>
      </td>
      <td data-label="Role" className={tdClass}>
        {manageable && user.role !== 'CUSTOMER' ? (
          <select
            aria-label={`Role of ${name}`}
            className={controlClass}
            value={user.roleId}
            disabled={update.isPending}
            onChange={(e) => {
              const role = ROLES.find((r) => ROLE_IDS[r] === e.target.value);
              // Asked first: the select shows the current role until the change is confirmed.
              if (role && role !== user.role) setAsking({ kind: 'role', role });
            }}
          >
            {[...new Set<TRole>([user.role, ...roles])].map((role) => (
              <option key={role} value={ROLE_IDS[role]}>
                {roleName(role)}
              </option>
            ))}
          </select>
        ) : (
          roleName(user.role)
        )}
      </td>
      <td data-label="State" className={tdClass}>
        <span
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
            !user.isActive
              ? 'bg-slate-200 text-slate-600'
              : user.emailVerified
                ? 'bg-emerald-50 text-emerald-700'
                : 'bg-amber-50 text-amber-800',
          )}
        >
          {!user.isActive ? 'disabled' : user.emailVerified ? 'active' : 'invited'}
        </span>
      </td>
      <td data-label="Since" className={`${tdClass} whitespace-nowrap`}>
        {formatDateTime(user.createdAt)}
      </td>
      <td className={`${tdClass} text-right`}>
        {manageable && user.role === 'DRIVER' && <DriverShiftSection user={user} />}
        {manageable && (
          <button
            type="button"
            disabled={update.isPending}
            aria-label={`${user.isActive ? 'Disable' : 'Enable'} ${name}`}
            className={buttonClass({
              variant: user.isActive ? 'ghost' : 'secondary',
              size: 'sm',
              className: user.isActive ? 'text-red-700 hover:bg-red-50' : '',
            })}
            onClick={() => (user.isActive ? setAsking({ kind: 'disable' }) : change({ isActive: true }, `${name} is enabled`))}
          >
            {user.isActive ? 'Disable' : 'Enable'}
          </button>
        )}
        {manageable && (
          <AccountChangeDialog user={user} change={asking} busy={update.isPending} onClose={() => setAsking(null)} onConfirm={confirm} />
        )}
      </td>
    </tr>
  );
}

/** /admin/users (ADMIN and above): invite staff and drivers, change roles, disable accounts. */
export function UsersPage() {
  const { user, role } = useSession();
  const me = { id: user?._id, role };
  const roles = grantableRoles(role);
  const list = useListParams();
  const { page } = list;
  const roleFilter = (ROLES as readonly string[]).includes(list.read('role')) ? (list.read('role') as TRole) : '';
  const [search, setSearch] = useTypedFilter(list, 'q');
  const q = list.read('q');
  const [inviting, setInviting] = useState(false);
  const invite = useInviteUser();
  const query = useManagedUsers({ page, role: roleFilter || undefined, q: q || undefined });

  return (
    <DispatchPage
      title="Users"
      intro="Staff, drivers and customers. Invite staff and drivers; they set their own password."
      tools={
        <button type="button" className={buttonClass()} onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" className="size-4" />
          Invite user
        </button>
      }
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <search className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            aria-label="Search users"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={`${controlClass} w-full pl-9`}
          />
        </search>
        <select
          aria-label="Filter by role"
          className={controlClass}
          value={roleFilter}
          onChange={(e) => list.set({ role: e.target.value })}
        >
          <option value="">Every role</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      </div>
      <PagedTable
        headings={[
          'User',
          'Role',
          'State',
          'Since',
          <span key="actions" className="sr-only">
            Actions
          </span>,
        ]}
        minWidth="min-w-[720px]"
        query={query}
        failed="Could not load the users"
        empty="Nobody matches."
        row={(u) => <UserRow key={u._id} user={u} me={me} roles={roles} />}
      />
      <InviteUserDialog
        open={inviting}
        roles={roles}
        busy={invite.isPending}
        onClose={() => setInviting(false)}
        onInvite={(body) =>
          invite.mutate(body, {
            onSuccess: () => {
              setInviting(false);
              toast.success(`Invitation sent to ${body.email}`);
            },
            onError: (e) => toast.error(errorMessage(e, 'Could not invite the user')),
          })
        }
      />
    </DispatchPage>
  );
}
