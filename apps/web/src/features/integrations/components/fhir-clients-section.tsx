import { type TCreateFhirClientRequest, type TFhirClient, ZCreateFhirClientRequest } from '@courier/contract';
import { Check, Copy, KeyRound, Trash2, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, FormAlert, inputClass } from '@/components/ui/form-controls';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useCreateFhirClient } from '../api/create-fhir-client';
import { useDeleteFhirClient } from '../api/delete-fhir-client';
import { useFhirClients } from '../api/get-fhir-clients';

/** Where clients post their assertions, when no client has told us yet (the server's own address is the same one). */
const defaultTokenUrl = () => `${window.location.origin}/fhir/r4/auth/token`;

/**
 * FHIR clients (SMART Backend Services): a lab system registers its public keys (a JWKS) here and gets a client_id;
 * it then signs assertions with its private key at the token URL. Owners only (the page checks).
 */
export function FhirClientsSection() {
  const { data = [], isPending, isError } = useFhirClients();
  const [registered, setRegistered] = useState<TFhirClient | null>(null);
  const headingId = useId();
  const tokenUrl = data[0]?.tokenUrl ?? registered?.tokenUrl ?? defaultTokenUrl();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-start gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            FHIR clients
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Your LIS, EHR or interface engine requests pickups over FHIR R4 with SMART Backend Services: register its public key set (JWKS)
            here, then have it sign a JWT assertion (RS384 or ES384) with its private key and post it to the token URL.
          </p>
        </div>
      </header>
      <div className="px-5 py-5 sm:px-6">
        <p className="text-sm text-slate-700">
          Token URL: <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all">{tokenUrl}</code>{' '}
          <CopyButton text={tokenUrl} what="the token URL" />
        </p>
        {registered && <RegisteredNotice client={registered} onDone={() => setRegistered(null)} />}
        <NewFhirClientForm onRegistered={setRegistered} />
        <h3 className="mt-6 text-sm font-semibold text-slate-900">Registered clients</h3>
        {isPending ? (
          <Spinner label="Loading FHIR clients" />
        ) : isError ? (
          <p className="mt-2 text-sm text-red-700">FHIR clients could not be loaded. Try again later.</p>
        ) : data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No FHIR clients yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" aria-label="FHIR clients">
            {data.map((client) => (
              <FhirClientRow key={client._id} client={client} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Copies `text`; its name says what ("Copy the token URL", then "Copied the token URL"). */
function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`${copied ? 'Copied' : 'Copy'} ${what}`}
      className={buttonClass({ variant: 'ghost', size: 'sm' })}
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

function RegisteredNotice({ client, onDone }: { client: TFhirClient; onDone: () => void }) {
  return (
    <FormAlert tone="success" className="mt-4">
      <p className="font-semibold">{client.name} is registered. Give its system this client_id (the iss and sub of its assertions):</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="fhir-client-id"
          className="min-w-0 flex-1 rounded-md bg-white px-2.5 py-2 font-mono text-xs break-all text-slate-900 ring-1 ring-emerald-200"
        >
          {client.clientId}
        </code>
        <div className="flex shrink-0 gap-2">
          <CopyButton text={client.clientId} what="the client_id" />
          <button type="button" onClick={onDone} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            Done
          </button>
        </div>
      </div>
    </FormAlert>
  );
}

type TFieldErrors = { name?: string; jwks?: string };

/** "jwks.keys.0.d" in words a reader can find in their JSON: "keys[0].d". */
function jwksPath(field: string): string {
  const path = field
    .replace(/^jwks\.?/, '')
    .split('.')
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
  return path || 'the JWKS';
}

/** The JWKS as typed: parsed and checked as the server checks it, the first problem named by its place. */
function readJwks(text: string): { jwks?: unknown; error?: string } {
  if (!text.trim()) return { error: 'Paste the public key set (JWKS) as JSON' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'The JWKS is not valid JSON' };
  }
  const checked = ZCreateFhirClientRequest.shape.jwks.safeParse(parsed);
  if (checked.success) return { jwks: checked.data };
  const issue = checked.error.issues[0];
  return { error: `${jwksPath(['jwks', ...issue.path.map(String)].join('.'))}: ${issue.message}` };
}

function NewFhirClientForm({ onRegistered }: { onRegistered: (client: TFhirClient) => void }) {
  const id = useId();
  const create = useCreateFhirClient();
  const [name, setName] = useState('');
  const [jwksText, setJwksText] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const nameCheck = ZCreateFhirClientRequest.shape.name.safeParse(name);
    const read = readJwks(jwksText);
    const found: TFieldErrors = {
      name: nameCheck.success ? undefined : nameCheck.error.issues[0]?.message,
      jwks: read.error,
    };
    setErrors(found);
    if (found.name || found.jwks || !nameCheck.success) return;
    try {
      const created = await create.mutateAsync({ name: nameCheck.data, jwks: read.jwks as TCreateFhirClientRequest['jwks'] });
      onRegistered(created);
      setName('');
      setJwksText('');
      toast.success('FHIR client registered');
    } catch (err) {
      // A refused field comes back as BAD_REQUEST naming it: shown under that field.
      if (isApiError(err) && err.code === 'BAD_REQUEST' && err.field) {
        const message = err.fieldMessage ?? err.serverMessage ?? 'Not valid';
        if (err.field === 'name') return setErrors({ name: message });
        if (err.field.startsWith('jwks')) return setErrors({ jwks: `${jwksPath(err.field)}: ${message.replace(/^[\w.]+: /, '')}` });
      }
      setFormError(errorMessage(err, 'The FHIR client could not be registered'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-5 space-y-4" aria-label="Register a FHIR client" noValidate>
      {formError && <FormAlert>{formError}</FormAlert>}
      <Field id={`${id}-name`} label="Client name" error={errors.name}>
        <input
          id={`${id}-name`}
          maxLength={80}
          required
          placeholder="Harbor Lab LIS"
          className={inputClass()}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field
        id={`${id}-jwks`}
        label="Public key set (JWKS, JSON)"
        error={errors.jwks}
        hint="A JSON Web Key Set: public keys only (RSA for RS384, P-384 EC for ES384), each with a kid."
      >
        <textarea
          id={`${id}-jwks`}
          required
          rows={6}
          spellCheck={false}
          className={inputClass({ className: 'h-auto py-2 font-mono text-xs' })}
          value={jwksText}
          onChange={(e) => setJwksText(e.target.value)}
        />
      </Field>
      <button type="submit" disabled={create.isPending} className={buttonClass()}>
        <KeyRound aria-hidden="true" className="size-4" />
        Register client
      </button>
    </form>
  );
}

function FhirClientRow({ client }: { client: TFhirClient }) {
  const remove = useDeleteFhirClient();
  const [confirming, setConfirming] = useState(false);
  const doDelete = async () => {
    try {
      await remove.mutateAsync(client._id);
      setConfirming(false);
      toast.success('FHIR client deleted');
    } catch (err) {
      setConfirming(false);
      toast.error(errorMessage(err, 'The FHIR client could not be deleted'));
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{client.name}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          client_id <code className="font-mono text-xs break-all text-slate-800">{client.clientId}</code>{' '}
          <CopyButton text={client.clientId} what={`the client_id of ${client.name}`} />
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          Keys: {client.keys.map((k) => `${k.kid}${k.alg ? ` (${k.alg})` : ''}`).join(', ')} · Last token{' '}
          {client.lastUsedAt ? formatDateTime(client.lastUsedAt) : 'never'}
        </p>
      </div>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${client.name}`}
        className={buttonClass({ variant: 'ghost', className: 'h-9 shrink-0 px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800' })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </button>
      <Modal
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" className="size-6" />}
        title={`Delete ${client.name}?`}
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
              onClick={() => void doDelete()}
              disabled={remove.isPending}
              className={buttonClass({ variant: 'danger', className: 'w-full sm:w-auto' })}
            >
              {remove.isPending ? (
                <Spinner className="text-white [&_svg]:size-4" label="Deleting" />
              ) : (
                <Trash2 aria-hidden="true" className="size-4" />
              )}
              Yes, delete it
            </button>
          </>
        }
      >
        Its system gets no more tokens, and the tokens it holds stop working at once.
      </Modal>
    </li>
  );
}
