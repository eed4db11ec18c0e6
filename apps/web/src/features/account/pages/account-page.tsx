import { ACCOUNT_ROLES, type TAccountMember, type TAccountRole } from '@courier/contract';
import { Building2, MailPlus, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, FormAlert, inputClass } from '@/components/ui/form-controls';
import { DialogButtons, Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useChangeMemberRole } from '../api/change-member-role';
import { useInvitations } from '../api/get-invitations';
import { useMembers } from '@/domain/account/api/get-members';
import { useMyAccount } from '@/domain/account/api/get-my-account';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const ROLE_LABELS: Record<TAccountRole, string> = { owner: 'Owner', member: 'Member' };
const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
const selectClass = inputClass({ className: 'pr-8' });
const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * /account: the organisation the customer books for. Everyone sees its name and their role; owners see the
 * people on it, change roles, remove people, invite by e-mail and withdraw pending invitations.
 */
export function AccountPage() {
  const mine = useMyAccount();
  const isOwner = mine.data?.data.role === 'owner';
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>Account · MedCourier</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Account</h1>
      <p className="mt-1 text-sm text-slate-600">The organisation your deliveries are billed to, and the people who book for it.</p>
      {mine.isPending ? (
        <div className="mt-6 flex justify-center py-10">
          <Spinner label="Loading your account" />
        </div>
      ) : mine.isError ? (
        <FormAlert className="mt-6">{errorMessage(mine.error, 'Your account could not be loaded')}</FormAlert>
      ) : (
        <>
          <div className={`${card} mt-6 flex items-start gap-4`}>
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Building2 aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0">
              <h2 className="text-lg font-semibold break-words text-slate-900">{mine.data.data.account.name}</h2>
              <p className="mt-0.5 text-sm text-slate-600">
                Your role: <span className="font-medium text-slate-900">{ROLE_LABELS[mine.data.data.role]}</span>
              </p>
              {!isOwner && (
                <p className="mt-2 text-sm text-slate-600">The account's owners manage its members; you see the deliveries you book.</p>
              )}
            </div>
          </div>
          {isOwner && (
            <p className="mt-4 text-sm text-slate-600">
              Connect your laboratory or hospital systems on the{' '}
              <Link to={paths.accountIntegrations} className="font-medium text-brand-700 underline underline-offset-2">
                integrations page
              </Link>
              .
            </p>
          )}
          {isOwner && <OwnerSections />}
        </>
      )}
    </section>
  );
}

function OwnerSections() {
  const me = useSession().user;
  const members = useMembers(true);
  const invitations = useInvitations(true);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const [removing, setRemoving] = useState<TAccountMember | null>(null);

  const onRole = (m: TAccountMember, role: TAccountRole) =>
    changeRole.mutate(
      { userId: m._id, role },
      {
        onSuccess: () => toast.success(`${m.firstName} ${m.lastName} is now ${role === 'owner' ? 'an owner' : 'a member'}`),
        onError: (e) => toast.error(errorMessage(e, 'The role could not be changed')),
      },
    );

  return (
    <>
      <div className={`${card} mt-6`}>
        <h2 className="text-lg font-semibold text-slate-900">Members</h2>
        <p className="mt-1 text-sm text-slate-600">
          Owners see every delivery of the account and manage its people; members see their own.
        </p>
        {members.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading members" />
          </div>
        ) : members.isError ? (
          <FormAlert className="mt-4">{errorMessage(members.error, 'Members could not be loaded')}</FormAlert>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Members">
            {members.data.data.map((m) => {
              const name = `${m.firstName} ${m.lastName}`.trim();
              return (
                <li key={m._id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">
                      {name}
                      {m._id === me?._id && <span className="ml-1.5 text-sm font-normal text-slate-500">(you)</span>}
                    </p>
                    <p className="text-sm break-all text-slate-600">{m.email}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <label htmlFor={`role-${m._id}`} className="sr-only">
                      Role of {name}
                    </label>
                    <select
                      id={`role-${m._id}`}
                      className={`${selectClass} w-32`}
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) => onRole(m, e.target.value as TAccountRole)}
                    >
                      {ACCOUNT_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className={buttonClass({ variant: 'ghost', className: 'h-11' })}
                      onClick={() => setRemoving(m)}
                      aria-label={`Remove ${name}`}
                    >
                      <UserMinus aria-hidden="true" className="size-4" />
                      <span className="hidden sm:inline">Remove</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <InviteCard />

      <div className={`${card} mt-6`}>
        <h2 className="text-lg font-semibold text-slate-900">Pending invitations</h2>
        {invitations.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading invitations" />
          </div>
        ) : invitations.isError ? (
          <FormAlert className="mt-4">{errorMessage(invitations.error, 'Invitations could not be loaded')}</FormAlert>
        ) : invitations.data.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No invitation is waiting for an answer.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Pending invitations">
            {invitations.data.data.map((i) => (
              <li key={i._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all text-slate-900">{i.email}</p>
                  <p className="text-sm text-slate-600">
                    {ROLE_LABELS[i.role]} · sent {dateText(i.createdAt)} · expires {dateText(i.expiresAt)}
                  </p>
                </div>
                <button
                  type="button"
                  className={buttonClass({ variant: 'secondary' })}
                  disabled={revoke.isPending}
                  aria-label={`Withdraw the invitation to ${i.email}`}
                  onClick={() =>
                    revoke.mutate(i._id, {
                      onSuccess: () => toast.success('Invitation withdrawn'),
                      onError: (e) => toast.error(errorMessage(e, 'The invitation could not be withdrawn')),
                    })
                  }
                >
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Modal
        open={!!removing}
        onClose={() => setRemoving(null)}
        tone="danger"
        icon={<UserMinus aria-hidden="true" className="size-5" />}
        title={removing ? `Remove ${removing.firstName} ${removing.lastName}?` : ''}
        actions={
          <DialogButtons
            onCancel={() => setRemoving(null)}
            submitLabel="Remove"
            tone="danger"
            busy={remove.isPending}
            onConfirm={() =>
              removing &&
              remove.mutate(removing._id, {
                onSuccess: () => {
                  toast.success('Member removed');
                  setRemoving(null);
                },
                onError: (e) => toast.error(errorMessage(e, 'The member could not be removed')),
              })
            }
          />
        }
      >
        <p className="text-sm text-slate-600">
          They keep their sign-in with an account of their own. Deliveries they booked stay billed to this account, and you still see them.
        </p>
      </Modal>
    </>
  );
}

function InviteCard() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TAccountRole>('member');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${email.trim()}`);
          setEmail('');
        },
        onError: (e) => setError(errorMessage(e, 'The invitation could not be sent')),
      },
    );
  };
  return (
    <form className={`${card} mt-6`} onSubmit={onSubmit} aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        They get an e-mail with a link: someone new sets a password, someone who already books with us signs in and accepts.
      </p>
      {error && <FormAlert className="mt-4">{error}</FormAlert>}
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <Field id="invite-email" label="E-mail">
          <input
            type="email"
            required
            autoComplete="off"
            className={inputClass()}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="invite-role" label="Role">
          <select className={selectClass} value={role} onChange={(e) => setRole(e.target.value as TAccountRole)}>
            {ACCOUNT_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className={buttonClass({ className: 'h-11' })} disabled={invite.isPending || !email.trim()}>
          <MailPlus aria-hidden="true" className="size-4" />
          Send invitation
        </button>
      </div>
    </form>
  );
}
