import type { TManagedUser } from '@courier/contract';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useUpdateDriverShift } from '../api/update-driver-shift';
import { DriverShiftDialog } from './driver-shift-dialog';

/** A driver's row on the users page: the shift in brief, and the button that edits it. */
export function DriverShiftSection({ user }: { user: TManagedUser }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateDriverShift();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
        onClick={() => setOpen(true)}
        aria-label={`Shift ${user.shift ? `${user.shift.start}–${user.shift.end}` : 'not set'}: edit the shift of ${name}`}
      >
        Shift {user.shift ? `${user.shift.start}–${user.shift.end}` : 'not set'}
      </button>
      <DriverShiftDialog
        user={user}
        open={open}
        busy={update.isPending}
        onClose={() => setOpen(false)}
        onSave={(body) =>
          update.mutate(
            { id: user._id, ...body },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success(`Shift of ${name} saved`);
              },
              onError: (e) => toast.error(errorMessage(e, 'Could not save the shift')),
            },
          )
        }
      />
    </>
  );
}
