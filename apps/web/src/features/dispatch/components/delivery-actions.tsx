import { holdStateOf, type TAdminDelivery, type TDeliveryStatus, type THoldState } from '@courier/contract';
import clsx from 'clsx';
import { CalendarClock, CircleCheck, LoaderCircle, Truck, Undo2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import {
  useApproveDelivery,
  useAssignDriver,
  useCancelDeliveryFromDispatch,
  useReattemptDelivery,
  useReturnToSender,
} from '../api/move-delivery';
import { dispatchActions } from '../lib/dispatch-actions';
import { AssignDialog } from './assign-dialog';
import { AutoAssignButton } from './auto-assign-button';
import { CancelDialog } from './cancel-dialog';
import { ReattemptDialog, ReturnDialog } from './exception-dialogs';

export interface TActionTarget {
  _id: string;
  orderId: string;
  status: TDeliveryStatus;
  driverId?: string | null;
  /** A failed attempt with attempts left; otherwise only a return is offered. */
  canReattempt?: boolean;
  /** On hold: only the moves back to the sender are offered. */
  hold?: THoldState;
}

/** What the buttons need of a delivery as the board and the delivery page read it. */
export const actionTargetOf = (d: TAdminDelivery): TActionTarget => ({
  _id: d._id,
  orderId: d.orderId,
  status: d.status,
  driverId: d.driver?._id,
  canReattempt: d.canReattempt,
  hold: holdStateOf(d),
});

/** The staff buttons a delivery's status allows, each with its dialog and toasts. */
export function DeliveryActions({ delivery, size = 'sm' }: { delivery: TActionTarget; size?: 'sm' | 'md' }) {
  const [dialog, setDialog] = useState<'assign' | 'cancel' | 'reattempt' | 'return' | null>(null);
  const label = `#${delivery.orderId}`;
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));
  const approve = useApproveDelivery({
    // With auto-assign on approval, the answer's message names the driver and why.
    onSuccess: (body) => toast.success(body.data.status === 'assigned' ? `${label}: ${body.message}` : `${label} approved`),
    onError: fail('Could not approve the delivery'),
  });
  const assign = useAssignDriver({
    onSuccess: (body) => {
      setDialog(null);
      const driver = body.data.driver;
      toast.success(driver ? `${label} assigned to ${driver.name}` : `${label} assigned`);
    },
    onError: fail('Could not assign the driver'),
  });
  const cancel = useCancelDeliveryFromDispatch({
    onSuccess: (body) => {
      setDialog(null);
      toast.success(body.data.status === 'returning' ? `${label} returns to the sender` : `${label} cancelled`);
    },
    onError: fail('Could not cancel the delivery'),
  });
  const reattempt = useReattemptDelivery({
    onSuccess: (body) => {
      setDialog(null);
      toast.success(`${label}: re-attempt scheduled${body.data.driver ? ` with ${body.data.driver.name}` : ''}`);
    },
    onError: fail('Could not schedule the re-attempt'),
  });
  const sendBack = useReturnToSender({
    onSuccess: () => {
      setDialog(null);
      toast.success(`${label} returns to the sender`);
    },
    onError: fail('Could not start the return'),
  });
  const actions = dispatchActions(delivery.status, delivery.hold).filter((a) => a !== 'reattempt' || delivery.canReattempt !== false);
  if (actions.length === 0) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {actions.includes('approve') && (
        <button
          type="button"
          className={buttonClass({ size })}
          disabled={approve.isPending}
          aria-label={`Approve ${label}`}
          onClick={() => approve.mutate(delivery._id)}
        >
          {approve.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <CircleCheck aria-hidden="true" className="size-4" />
          )}
          Approve
        </button>
      )}
      {(actions.includes('assign') || actions.includes('reassign')) && (
        <button
          type="button"
          className={buttonClass({ size, variant: actions.includes('assign') ? 'primary' : 'secondary' })}
          aria-label={`${actions.includes('assign') ? 'Assign' : 'Reassign'} ${label}`}
          onClick={() => setDialog('assign')}
        >
          <Truck aria-hidden="true" className="size-4" />
          {actions.includes('assign') ? 'Assign' : 'Reassign'}
        </button>
      )}
      {actions.includes('assign') && <AutoAssignButton id={delivery._id} orderId={delivery.orderId} size={size} />}
      {actions.includes('reattempt') && (
        <button type="button" className={buttonClass({ size })} aria-label={`Re-attempt ${label}`} onClick={() => setDialog('reattempt')}>
          <CalendarClock aria-hidden="true" className="size-4" />
          Re-attempt
        </button>
      )}
      {actions.includes('return') && (
        <button
          type="button"
          className={buttonClass({ size, variant: 'secondary' })}
          aria-label={`Return ${label} to sender`}
          onClick={() => setDialog('return')}
        >
          <Undo2 aria-hidden="true" className="size-4" />
          Return
        </button>
      )}
      {actions.includes('cancel') && (
        <button
          type="button"
          className={buttonClass({ size, variant: 'ghost', className: clsx('text-red-700 hover:bg-red-50 hover:text-red-800') })}
          aria-label={`Cancel ${label}`}
          onClick={() => setDialog('cancel')}
        >
          <XCircle aria-hidden="true" className="size-4" />
          Cancel
        </button>
      )}

      <AssignDialog
        open={dialog === 'assign'}
        orderId={delivery.orderId}
        currentDriverId={delivery.driverId}
        busy={assign.isPending}
        onClose={() => setDialog(null)}
        onAssign={(driverId) => assign.mutate({ id: delivery._id, body: { driverId, replacesDriverId: delivery.driverId ?? null } })}
      />
      <ReattemptDialog
        open={dialog === 'reattempt'}
        orderId={delivery.orderId}
        currentDriverId={delivery.driverId}
        busy={reattempt.isPending}
        onClose={() => setDialog(null)}
        onReattempt={(body) => reattempt.mutate({ id: delivery._id, body })}
      />
      <ReturnDialog
        open={dialog === 'return'}
        orderId={delivery.orderId}
        busy={sendBack.isPending}
        onClose={() => setDialog(null)}
        onReturn={(note) => sendBack.mutate({ id: delivery._id, note })}
      />
      <CancelDialog
        open={dialog === 'cancel'}
        afterPickup={delivery.status === 'picked_up' || delivery.status === 'in_transit'}
        orderId={delivery.orderId}
        busy={cancel.isPending}
        onClose={() => setDialog(null)}
        onCancel={(reason) => cancel.mutate({ id: delivery._id, reason })}
      />
    </div>
  );
}
