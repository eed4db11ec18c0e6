import { ON_BOARD_STATUSES, statusLabel, type TManagedUser, type TRole } from '@courier/contract';
import { LoaderCircle, ShieldAlert, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { useDriverOpenJobs } from '../api/get-driver-open-jobs';

export type TAccountChange = { kind: 'role'; role: TRole } | { kind: 'disable' };

const roleName = (role: TRole) => role.replace('_', ' ').toLowerCase();

/** What a role lets its holder do, said plainly for the confirmation. */
const ROLE_MEANS: Record<TRole, string> = {
  SUPER_ADMIN: 'They will run everything, administrators included.',
  ADMIN: 'They will use the dispatch console and also manage users and failed messages.',
  MANAGER: 'They will use the dispatch console: approve, assign, cancel and read every delivery, and the reports.',
  STAFF: 'They will use the dispatch console: approve, assign, cancel and read every delivery, and the reports.',
  DRIVER: 'They will use the driver app only: the jobs given to them, pickup scans and proof of delivery.',
  CUSTOMER: 'They will book and follow their own deliveries only.',
};

/** Asks before a role change or disabling, and says what follows: for a driver, which open jobs they hold. */
export function AccountChangeDialog({
  user,
  change,
  busy,
  onClose,
  onConfirm,
}: {
  user: TManagedUser;
  change: TAccountChange | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  const driverLeaving = user.role === 'DRIVER' && change !== null && (change.kind === 'disable' || change.role !== 'DRIVER');
  const jobs = useDriverOpenJobs(user._id, driverLeaving);
  const open = jobs.data ?? [];
  const disabling = change?.kind === 'disable';
  // The server refuses to disable a driver carrying parcels: said before the click, and the button stays off.
  const onBoard = disabling ? open.filter((job) => ON_BOARD_STATUSES.includes(job.status)) : [];
  return (
    <Modal
      open={change !== null}
      onClose={onClose}
      tone={disabling ? 'danger' : 'brand'}
      icon={disabling ? <UserX aria-hidden="true" className="size-6" /> : <ShieldAlert aria-hidden="true" className="size-6" />}
      title={disabling ? `Disable ${name}?` : `Make ${name} ${change?.kind === 'role' ? roleName(change.role) : ''}?`}
      actions={
        <>
          <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onClose}>
            Keep as it is
          </button>
          <button
            type="button"
            data-autofocus
            className={buttonClass({ variant: disabling ? 'danger' : 'primary' })}
            disabled={busy || (driverLeaving && jobs.isPending) || onBoard.length > 0}
            onClick={onConfirm}
          >
            {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {disabling ? 'Disable account' : 'Change role'}
          </button>
        </>
      }
    >
      <div className="space-y-3">
        {onBoard.length > 0 && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-800 ring-1 ring-red-200">
            {`${name} cannot be disabled while parcels are on board: ${onBoard.map((job) => `#${job.orderId}`).join(', ')}. Give them to another driver from the board first.`}
          </p>
        )}
        {change?.kind === 'disable' ? (
          <p>
            {name} is signed out everywhere at once and can no longer sign in. Nothing is deleted: you can enable the account again later.
          </p>
        ) : change ? (
          <p>
            {`${name} goes from ${roleName(user.role)} to ${roleName(change.role)}, at once. `}
            {ROLE_MEANS[change.role]}
          </p>
        ) : null}
        {driverLeaving &&
          (jobs.isPending ? (
            <p className="text-slate-500">Looking for their open jobs…</p>
          ) : jobs.isError ? (
            <p className="text-red-700">Could not check their open jobs. Look on the board before you go on.</p>
          ) : open.length === 0 ? (
            <p>They hold no open job.</p>
          ) : (
            <div className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              <p className="font-semibold">{`They hold ${open.length} open ${open.length === 1 ? 'job' : 'jobs'}:`}</p>
              <ul className="mt-1 space-y-0.5">
                {open.map((job) => (
                  <li key={job._id}>
                    <Link to={paths.adminDelivery(job._id)} className="font-mono font-semibold underline">
                      #{job.orderId}
                    </Link>{' '}
                    ({statusLabel(job.status)})
                  </li>
                ))}
              </ul>
              <p className="mt-2">
                They stay assigned to {name} until you give them to another driver from the board; a parcel already picked up must be handed
                back first.
              </p>
            </div>
          ))}
      </div>
    </Modal>
  );
}
