import { HL7_OUTBOUND_EVENTS, type THl7OutboundEvent, type THl7Sender } from '@courier/contract';
import { Network, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, FormAlert, inputClass } from '@/components/ui/form-controls';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useSavedAddresses } from '@/domain/addresses/api/get-saved-addresses';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateHl7Sender } from '../api/create-hl7-sender';
import { useDeleteHl7Sender } from '../api/delete-hl7-sender';
import { useHl7Senders } from '../api/get-hl7-senders';

const EVENT_LABELS: Record<THl7OutboundEvent, string> = { pickup: 'Picked up', delivery: 'Delivered', receipt: 'Received at the lab' };

/**
 * HL7 v2 senders: the interface engines (Mirth, Rhapsody, Cloverleaf) that send ORM^O01 and OML^O21 orders to the
 * MLLP listener, each known by its sending facility and the addresses it connects from (docs/hl7.md).
 */
export function Hl7SendersSection() {
  const titleId = useId();
  const { data, isPending, isError } = useHl7Senders();
  const listener = data?.listener ?? null;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-start gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Network aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            HL7 senders
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Your interface engine sends laboratory orders (ORM^O01, OML^O21, v2.3 to v2.5.1) over MLLP; each becomes a pickup request.
          </p>
        </div>
      </header>
      <div className="space-y-6 px-5 py-5 sm:px-6">
        {isPending ? (
          <Spinner label="Loading HL7 senders" />
        ) : isError ? (
          <FormAlert>HL7 senders could not be loaded. Try again later.</FormAlert>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {listener ? (
                <>
                  Point your engine at{' '}
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">
                    {listener.host}:{listener.port}
                  </code>{' '}
                  ({listener.tls ? 'MLLP over TLS' : 'MLLP'}).
                </>
              ) : (
                'The MLLP listener is not switched on for this service yet: ask us to open it.'
              )}
            </p>
            <NewHl7SenderForm />
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Registered senders</h3>
              {data.data.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No senders yet.</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100" aria-label="HL7 senders">
                  {data.data.map((sender) => (
                    <Hl7SenderRow key={sender._id} sender={sender} />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

type TFieldName = 'sendingFacility' | 'allowedAddresses' | 'pickupAddressId' | 'recipientAddressId' | 'outbound.host' | 'outbound.port';

function NewHl7SenderForm() {
  const id = useId();
  const create = useCreateHl7Sender();
  const addresses = useSavedAddresses();
  const pickups = (addresses.data ?? []).filter((a) => a.kind === 'pickup');
  const recipients = (addresses.data ?? []).filter((a) => a.kind === 'recipient');
  const [facility, setFacility] = useState('');
  const [allowed, setAllowed] = useState('');
  const [pickupId, setPickupId] = useState('');
  const [recipientId, setRecipientId] = useState('');
  const [host, setHost] = useState('');
  const [port, setPort] = useState('');
  const [events, setEvents] = useState<THl7OutboundEvent[]>([...HL7_OUTBOUND_EVENTS]);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<TFieldName, string>>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    const allowedAddresses = allowed
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    try {
      await create.mutateAsync({
        sendingFacility: facility.trim(),
        allowedAddresses,
        pickupAddressId: pickupId,
        recipientAddressId: recipientId,
        ...(host.trim() ? { outbound: { host: host.trim(), port: Number(port), events } } : {}),
      });
      setFacility('');
      setAllowed('');
      setHost('');
      setPort('');
      toast.success('HL7 sender registered');
    } catch (err) {
      // Read by code: a taken facility is the facility field's problem; a refused field is shown beside it.
      if (isApiError(err) && err.code === 'CONFLICT') {
        setFieldErrors({ sendingFacility: err.serverMessage ?? 'This sending facility is already registered' });
      } else if (isApiError(err) && err.code === 'BAD_REQUEST' && err.field) {
        setFieldErrors({ [err.field as TFieldName]: err.fieldMessage ?? err.serverMessage });
        setError(errorMessage(err, 'The HL7 sender could not be registered'));
      } else {
        setError(errorMessage(err, 'The HL7 sender could not be registered'));
      }
    }
  };

  const noAddresses = !addresses.isPending && (pickups.length === 0 || recipients.length === 0);
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="New HL7 sender">
      {error && <FormAlert>{error}</FormAlert>}
      {noAddresses && (
        <FormAlert tone="info">
          Orders are booked between a saved pickup point and a saved recipient: add both to your address book first.
        </FormAlert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-facility`}
          label="Sending facility (MSH-4)"
          marker="required"
          hint="Exactly as your engine puts it in MSH-4."
          error={fieldErrors.sendingFacility}
        >
          <input
            id={`${id}-facility`}
            required
            maxLength={180}
            value={facility}
            onChange={(e) => setFacility(e.target.value)}
            className={inputClass()}
          />
        </Field>
        <Field
          id={`${id}-allowed`}
          label="Allowed addresses"
          marker="required"
          hint="One IP address or network (CIDR, e.g. 10.20.0.0/16) per line: the engine connects only from these."
          error={fieldErrors.allowedAddresses}
        >
          <textarea
            id={`${id}-allowed`}
            required
            rows={3}
            value={allowed}
            onChange={(e) => setAllowed(e.target.value)}
            className={inputClass({ className: 'font-mono' })}
          />
        </Field>
        <Field id={`${id}-pickup`} label="Pickup point" marker="required" error={fieldErrors.pickupAddressId}>
          <select id={`${id}-pickup`} required value={pickupId} onChange={(e) => setPickupId(e.target.value)} className={inputClass()}>
            <option value="">Choose a saved pickup point</option>
            {pickups.map((a) => (
              <option key={a._id} value={a._id}>
                {a.label} · {a.address}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-recipient`} label="Deliver to" marker="required" error={fieldErrors.recipientAddressId}>
          <select
            id={`${id}-recipient`}
            required
            value={recipientId}
            onChange={(e) => setRecipientId(e.target.value)}
            className={inputClass()}
          >
            <option value="">Choose a saved recipient</option>
            {recipients.map((a) => (
              <option key={a._id} value={a._id}>
                {a.label} · {a.address}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">Status messages to your engine (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-host`} label="Engine host" marker="optional" error={fieldErrors['outbound.host']}>
            <input
              id={`${id}-host`}
              value={host}
              onChange={(e) => setHost(e.target.value)}
              placeholder="engine.lab.example.org"
              className={inputClass()}
            />
          </Field>
          <Field id={`${id}-port`} label="Engine port" marker="optional" error={fieldErrors['outbound.port']}>
            <input
              id={`${id}-port`}
              inputMode="numeric"
              pattern="[0-9]*"
              required={Boolean(host.trim())}
              value={port}
              onChange={(e) => setPort(e.target.value)}
              className={inputClass()}
            />
          </Field>
        </div>
        <fieldset className="mt-3">
          <legend className="mb-1.5 text-sm text-slate-700">Send at</legend>
          <div className="flex flex-wrap gap-4">
            {HL7_OUTBOUND_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={events.includes(event)}
                  onChange={(e) => setEvents((now) => (e.target.checked ? [...now, event] : now.filter((x) => x !== event)))}
                  className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                />
                {EVENT_LABELS[event]}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <button
        type="submit"
        disabled={create.isPending || !facility.trim() || !allowed.trim() || !pickupId || !recipientId}
        className={buttonClass()}
      >
        <Network aria-hidden="true" className="size-4" />
        Register sender
      </button>
    </form>
  );
}

function Hl7SenderRow({ sender }: { sender: THl7Sender }) {
  const remove = useDeleteHl7Sender();
  const [confirming, setConfirming] = useState(false);
  const del = async () => {
    try {
      await remove.mutateAsync(sender._id);
      setConfirming(false);
      toast.success('HL7 sender removed');
    } catch (err) {
      setConfirming(false);
      toast.error(errorMessage(err, 'The HL7 sender could not be removed'));
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm break-all text-slate-900">{sender.sendingFacility}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          From {sender.allowedAddresses.join(', ')}
          {sender.outbound
            ? ` · status messages to ${sender.outbound.host}:${sender.outbound.port} (${sender.outbound.events.map((e) => EVENT_LABELS[e]).join(', ')})`
            : ' · no status messages'}
        </p>
      </div>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Remove HL7 sender ${sender.sendingFacility}`}
        className={buttonClass({ variant: 'ghost', className: 'h-9 px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800' })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Remove
      </button>
      {confirming && (
        <Modal
          open
          onClose={() => setConfirming(false)}
          title="Remove this HL7 sender?"
          tone="danger"
          actions={
            <>
              <button type="button" data-autofocus onClick={() => setConfirming(false)} className={buttonClass({ variant: 'ghost' })}>
                Keep it
              </button>
              <button type="button" onClick={() => void del()} disabled={remove.isPending} className={buttonClass({ variant: 'danger' })}>
                {remove.isPending ? 'Please wait...' : 'Remove sender'}
              </button>
            </>
          }
        >
          <p>Orders from {sender.sendingFacility} will be rejected from now on. Deliveries it already booked are kept.</p>
        </Modal>
      )}
    </li>
  );
}
