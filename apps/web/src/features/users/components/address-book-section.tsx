import { zodResolver } from '@hookform/resolvers/zod';
import { type TSavedAddress, type TUpdateSavedAddressRequest, ZUpdateSavedAddressRequest } from '@courier/contract';
import { BookUser, Check, MapPin, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDeleteSavedAddress } from '@/domain/addresses/api/delete-saved-address';
import { useSavedAddresses } from '@/domain/addresses/api/get-saved-addresses';
import { useRenameSavedAddress } from '@/domain/addresses/api/rename-saved-address';

/** Saved pickup points and recipients: listed, renamed and deleted (they are added while booking). */
export function AddressBookSection() {
  const { data = [], isPending, isError } = useSavedAddresses();
  if (isPending) return <Spinner label="Loading saved addresses" />;
  if (isError) return <p className="text-sm text-red-700">Saved addresses could not be loaded. Try again later.</p>;
  if (data.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Nothing saved yet. Tick “Save this pickup point for next time” or “Save this recipient for next time” when you request a delivery.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Saved addresses">
      {data.map((entry) => (
        <AddressBookEntry key={entry._id} entry={entry} />
      ))}
    </ul>
  );
}

function AddressBookEntry({ entry }: { entry: TSavedAddress }) {
  const [editing, setEditing] = useState(false);
  // The contract's rename; the field is named by its aria-label in the row, so it shows no label or error of its own.
  const { register, handleSubmit, reset, watch } = useForm<TUpdateSavedAddressRequest>({
    resolver: zodResolver(ZUpdateSavedAddressRequest),
    values: { label: entry.label },
  });
  const label = watch('label');
  const rename = useRenameSavedAddress();
  const remove = useDeleteSavedAddress();
  const Icon = entry.kind === 'pickup' ? MapPin : BookUser;

  const save = handleSubmit(async ({ label }) => {
    try {
      await rename.mutateAsync({ id: entry._id, label });
      setEditing(false);
      toast.success('Address renamed');
    } catch (err) {
      toast.error(errorMessage(err, 'The address could not be renamed'));
    }
  });
  const del = async () => {
    try {
      await remove.mutateAsync(entry._id);
      toast.success('Address deleted');
    } catch (err) {
      toast.error(errorMessage(err, 'The address could not be deleted'));
    }
  };

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        {editing ? (
          <form onSubmit={save} className="flex gap-2">
            <input
              aria-label={`New name for ${entry.label}`}
              maxLength={80}
              {...register('label')}
              className={inputClass({ className: 'h-9' })}
              // biome-ignore lint/a11y/noAutofocus: renaming starts in the field the user asked for
              autoFocus
            />
            <button type="submit" disabled={!label.trim() || rename.isPending} className={buttonClass({ className: 'h-9 px-3' })}>
              <Check aria-hidden="true" className="size-4" />
              Save
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                reset({ label: entry.label });
              }}
              aria-label="Cancel renaming"
              className={buttonClass({ variant: 'ghost', className: 'h-9 px-2' })}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </form>
        ) : (
          <p className="font-medium text-slate-900">
            {entry.label}
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
              {entry.kind === 'pickup' ? 'Pickup point' : 'Recipient'}
            </span>
          </p>
        )}
        <p className="mt-0.5 text-sm break-words text-slate-600">
          {entry.kind === 'recipient' && `${entry.contactName} · ${entry.phone} · ${entry.email} · `}
          {entry.address}
        </p>
      </div>
      {!editing && (
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${entry.label}`}
            className={buttonClass({ variant: 'ghost', className: 'h-9 px-2.5' })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Rename
          </button>
          <button
            type="button"
            onClick={() => void del()}
            disabled={remove.isPending}
            aria-label={`Delete ${entry.label}`}
            className={buttonClass({ variant: 'ghost', className: 'h-9 px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800' })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
