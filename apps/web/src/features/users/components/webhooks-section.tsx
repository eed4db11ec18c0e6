import { zodResolver } from '@hookform/resolvers/zod';
import { type TWebhookEndpoint, type TWebhookEventType, WEBHOOK_EVENT_TYPES, ZCreateWebhookRequest } from '@courier/contract';
import { ListChecks, Power, Trash2, Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClass } from '@/components/ui/button';
import { Field, FormAlert, inputClass } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useUpdateWebhook } from '../api/update-webhook';
import { OneTimeSecret } from './one-time-secret';
import { WebhookLog } from './webhook-log';

const EVENT_LABELS: Record<TWebhookEventType, string> = {
  'delivery.created': 'Delivery requested',
  'delivery.status_changed': 'Status changed',
  'delivery.delivered': 'Delivered',
  'delivery.exception': 'Exception (failed attempt, hold, rejection)',
  'delivery.receipt': 'Receipt confirmed',
};

/** Webhook endpoints: where the customer's systems hear of their deliveries, each with its delivery log. */
export function WebhooksSection() {
  const { data = [], isPending, isError } = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div>
      {secret && <OneTimeSecret label="signing secret" secret={secret} onDone={() => setSecret(null)} />}
      <NewWebhookForm onCreated={setSecret} />
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Your endpoints</h3>
      {isPending ? (
        <Spinner label="Loading webhook endpoints" />
      ) : isError ? (
        <p className="mt-2 text-sm text-red-700">Webhook endpoints could not be loaded. Try again later.</p>
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No endpoints yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Webhook endpoints">
          {data.map((endpoint) => (
            <WebhookRow key={endpoint._id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The contract's new endpoint: its URL and events (a description is not asked for here). */
const ZNewWebhookForm = ZCreateWebhookRequest.pick({ url: true, eventTypes: true });
type TNewWebhookForm = z.input<typeof ZNewWebhookForm>;

function NewWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const id = useId();
  const create = useCreateWebhook();
  const { register, handleSubmit, resetField, watch, formState } = useForm<TNewWebhookForm, unknown, z.output<typeof ZNewWebhookForm>>({
    resolver: zodResolver(ZNewWebhookForm),
    defaultValues: { url: '', eventTypes: ['delivery.status_changed'] },
  });
  const [error, setError] = useState<string | null>(null);
  const [url, eventTypes] = watch(['url', 'eventTypes']);

  const submit = handleSubmit(async (endpoint) => {
    setError(null);
    try {
      const created = await create.mutateAsync(endpoint);
      onCreated(created.secret);
      resetField('url');
      toast.success('Webhook endpoint added');
    } catch (err) {
      setError(errorMessage(err, 'The webhook endpoint could not be added'));
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="New webhook endpoint">
      {error && <FormAlert>{error}</FormAlert>}
      <Field
        id={`${id}-url`}
        label="Endpoint URL"
        hint="An https address of your system. Each event is signed (Standard Webhooks)."
        error={formState.errors.url?.message}
      >
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          required
          placeholder="https://lab.example.com/medcourier"
          className={inputClass()}
          {...register('url')}
        />
      </Field>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                value={type}
                {...register('eventTypes')}
                className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              />
              {EVENT_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={!url.trim() || !eventTypes?.length || create.isPending} className={buttonClass()}>
        <Webhook aria-hidden="true" className="size-4" />
        Add endpoint
      </button>
    </form>
  );
}

function WebhookRow({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const logId = useId();
  const toggle = async () => {
    try {
      await update.mutateAsync({ id: endpoint._id, enabled: !endpoint.enabled });
      toast.success(endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled');
    } catch (err) {
      toast.error(errorMessage(err, 'The endpoint could not be changed'));
    }
  };
  const del = async () => {
    try {
      await remove.mutateAsync(endpoint._id);
      toast.success('Endpoint deleted');
    } catch (err) {
      toast.error(errorMessage(err, 'The endpoint could not be deleted'));
    }
  };
  return (
    <li className="py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          <p className="mt-0.5 text-sm text-slate-600">
            <span
              className={
                endpoint.enabled
                  ? 'mr-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800'
                  : 'mr-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800'
              }
            >
              {endpoint.enabled ? 'Enabled' : (endpoint.disabledReason ?? 'Disabled')}
            </span>
            {endpoint.eventTypes.join(', ')}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-1">
          <button
            type="button"
            onClick={() => setLogOpen((open) => !open)}
            aria-expanded={logOpen}
            aria-controls={logId}
            className={buttonClass({ variant: 'ghost', className: 'h-9 px-2.5' })}
          >
            <ListChecks aria-hidden="true" className="size-4" />
            Delivery log
          </button>
          <button
            type="button"
            onClick={() => void toggle()}
            disabled={update.isPending}
            className={buttonClass({ variant: 'ghost', className: 'h-9 px-2.5' })}
          >
            <Power aria-hidden="true" className="size-4" />
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            onClick={() => void del()}
            disabled={remove.isPending}
            aria-label={`Delete endpoint ${endpoint.url}`}
            className={buttonClass({ variant: 'ghost', className: 'h-9 px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800' })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </div>
      <div id={logId}>{logOpen && <WebhookLog endpointId={endpoint._id} />}</div>
    </li>
  );
}
