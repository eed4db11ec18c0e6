import { MESSAGES } from '@courier/contract';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLogout } from '@/hooks/use-logout';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useDeleteAccount } from '../api/delete-account';

/** The danger zone: a confirm dialog, the deletion, then logout to /auth/login. */
export function DeleteAccountSection({ alreadyDeleted }: { alreadyDeleted: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const logout = useLogout();

  const onConfirm = async () => {
    try {
      await remove.mutateAsync();
      toast.success(MESSAGES.accountDeleted);
      setConfirming(false);
      await logout();
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.accountDeleteFailed));
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="max-w-xl text-sm text-slate-600">
        Closing your account signs you out everywhere and you will not be able to sign in again. Deliveries already booked stay in the
        courier's records for chain of custody.
      </p>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={alreadyDeleted}
        className={buttonClass({ variant: 'danger', className: 'shrink-0' })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete account
      </button>

      <Modal
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" className="size-6" />}
        title="Delete your account?"
        actions={
          <>
            <button
              type="button"
              data-autofocus
              onClick={() => setConfirming(false)}
              disabled={remove.isPending}
              className={buttonClass({ variant: 'secondary', className: 'w-full sm:w-auto' })}
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              disabled={remove.isPending}
              className={buttonClass({ variant: 'danger', className: 'w-full sm:w-auto' })}
            >
              {remove.isPending ? (
                <Spinner className="text-white [&_svg]:size-4" label="Deleting" />
              ) : (
                <Trash2 aria-hidden="true" className="size-4" />
              )}
              Yes, delete my account
            </button>
          </>
        }
      >
        This cannot be undone. You will be signed out and your login will stop working.
      </Modal>
    </div>
  );
}
