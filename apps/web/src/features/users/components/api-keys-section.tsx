import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_SCOPES, type TApiKey, type TApiKeyScope, ZCreateApiKeyRequest } from '@courier/contract';
import { KeySquare, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button';
import { Field, FormAlert, inputClass } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { OneTimeSecret } from './one-time-secret';

const SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'deliveries:read': 'Read deliveries',
  'deliveries:write': 'Book and cancel deliveries',
  'webhooks:manage': 'Manage webhooks',
  'readings:write': 'Send temperature logger readings',
  fhir: 'Lab systems over FHIR',
};

/** API keys for the customer's own systems: made here with a name, scopes and an optional expiry; revoked at once. */
export function ApiKeysSection() {
  const { data = [], isPending, isError } = useApiKeys();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div>
      {secret && <OneTimeSecret label="API key" secret={secret} onDone={() => setSecret(null)} />}
      <NewApiKeyForm onCreated={setSecret} />
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Your keys</h3>
      {isPending ? (
        <Spinner label="Loading API keys" />
      ) : isError ? (
        <p className="mt-2 text-sm text-red-700">API keys could not be loaded. Try again later.</p>
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No keys yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="API keys">
          {data.map((key) => (
            <ApiKeyRow key={key._id} apiKey={key} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The contract's name and scopes; the expiry is picked as a day and sent as that day's last second. */
const ZNewApiKeyForm = ZCreateApiKeyRequest.pick({ name: true, scopes: true }).extend({ expiresOn: z.string() });
type TNewApiKeyForm = z.input<typeof ZNewApiKeyForm>;

function NewApiKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const { register, handleSubmit, resetField, watch, formState } = useForm<TNewApiKeyForm, unknown, z.output<typeof ZNewApiKeyForm>>({
    resolver: zodResolver(ZNewApiKeyForm),
    defaultValues: { name: '', scopes: ['deliveries:read'], expiresOn: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [name, scopes] = watch(['name', 'scopes']);

  const submit = handleSubmit(async ({ name, scopes, expiresOn }) => {
    setError(null);
    try {
      const expiresAt = expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : undefined;
      const created = await create.mutateAsync({ name, scopes, ...(expiresAt ? { expiresAt } : {}) });
      onCreated(created.secret);
      resetField('name');
      resetField('expiresOn');
      toast.success('API key created');
    } catch (err) {
      setError(errorMessage(err, 'The API key could not be created'));
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="New API key">
      {error && <FormAlert>{error}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Key name" error={formState.errors.name?.message}>
          <input
            id={`${id}-name`}
            maxLength={80}
            required
            placeholder="Pharmacy dispensing system"
            className={inputClass()}
            {...register('name')}
          />
        </Field>
        <Field id={`${id}-expiry`} label="Expires on (optional)">
          <input id={`${id}-expiry`} type="date" className={inputClass()} {...register('expiresOn')} />
        </Field>
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Scopes</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                value={scope}
                {...register('scopes')}
                className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              />
              {SCOPE_LABELS[scope]} <span className="font-mono text-xs text-slate-500">{scope}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={!name.trim() || !scopes?.length || create.isPending} className={buttonClass()}>
        <KeySquare aria-hidden="true" className="size-4" />
        Create key
      </button>
    </form>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: TApiKey }) {
  const revoke = useRevokeApiKey();
  const doRevoke = async () => {
    try {
      await revoke.mutateAsync(apiKey._id);
      toast.success('API key revoked');
    } catch (err) {
      toast.error(errorMessage(err, 'The API key could not be revoked'));
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {apiKey.name} <span className="ml-1 font-mono text-xs text-slate-500">{apiKey.prefix}…</span>
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          {apiKey.scopes.join(', ')} · Last used {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'never'}
          {apiKey.expiresAt && ` · Expires ${formatDateTime(apiKey.expiresAt)}`}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void doRevoke()}
        disabled={revoke.isPending}
        aria-label={`Revoke ${apiKey.name}`}
        className={buttonClass({ variant: 'ghost', className: 'h-9 shrink-0 px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800' })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Revoke
      </button>
    </li>
  );
}
