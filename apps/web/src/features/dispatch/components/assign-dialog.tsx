import type { TAdminDriver } from '@courier/contract';
import clsx from 'clsx';
import { Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DialogButtons } from '@/components/ui/modal';
import { Modal } from '@/components/ui/modal';

import { fixAge } from '@/lib/fix-age';
import { formatTime } from '@/lib/format-date';
import { useAdminDrivers } from '../api/get-admin-drivers';

/** Pick a driver for a delivery: active drivers, lightest load first, with their last known place. */
export function AssignDialog({
  open,
  orderId,
  title,
  currentDriverId,
  busy,
  onClose,
  onAssign,
}: {
  open: boolean;
  orderId: string;
  /** Instead of "Assign #orderId" (e.g. for several jobs). */
  title?: string;
  currentDriverId?: string | null;
  busy: boolean;
  onClose: () => void;
  onAssign: (driverId: string) => void;
}) {
  const drivers = useAdminDrivers(open);
  const [chosen, setChosen] = useState<string>('');
  useEffect(() => {
    if (open) setChosen('');
  }, [open]);
  const list: TAdminDriver[] = (drivers.data ?? []).filter((d) => d.isActive).sort((a, b) => a.activeLoad - b.activeLoad);

  return (
    <Modal
      open={open}
      onClose={onClose}
      icon={<Truck aria-hidden="true" className="size-6" />}
      title={title ?? (currentDriverId ? `Reassign #${orderId}` : `Assign #${orderId}`)}
      actions={
        <DialogButtons onCancel={onClose} submitLabel="Assign driver" busy={busy} disabled={!chosen} onConfirm={() => onAssign(chosen)} />
      }
    >
      {drivers.isPending ? (
        <p>Loading drivers…</p>
      ) : list.length === 0 ? (
        <p>No active driver. Invite one from the Users page.</p>
      ) : (
        <fieldset>
          <legend className="mb-2">Choose a driver (lightest load first):</legend>
          <ul className="max-h-72 space-y-2 overflow-y-auto pr-1">
            {list.map((d) => {
              const current = d._id === currentDriverId;
              return (
                <li key={d._id}>
                  <label
                    className={clsx(
                      'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5',
                      chosen === d._id ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                      current && 'opacity-60',
                    )}
                  >
                    <input
                      type="radio"
                      name="driver"
                      value={d._id}
                      disabled={current}
                      checked={chosen === d._id}
                      onChange={() => setChosen(d._id)}
                      className="size-4 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-slate-900">
                        {d.firstName} {d.lastName} {current && <span className="text-xs font-normal">(current)</span>}
                      </span>
                      <span className="block truncate text-xs text-slate-600">
                        {d.lastPosition
                          ? `${d.lastPosition.label ?? 'Position known'} · ${fixAge(d.lastPosition.at)} (${formatTime(d.lastPosition.at)})`
                          : 'No position yet'}
                      </span>
                    </span>
                    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      {d.activeLoad} {d.activeLoad === 1 ? 'job' : 'jobs'}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </Modal>
  );
}
