import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-controls';

/** A secret the server shows once: readable, selectable and copyable, with a plain warning. */
export function OneTimeSecret({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <FormAlert tone="success" className="mb-4">
      <p className="font-semibold">Copy the {label} now: it is shown only once.</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="one-time-secret"
          className="min-w-0 flex-1 rounded-md bg-white px-2.5 py-2 font-mono text-xs break-all text-slate-900 ring-1 ring-emerald-200"
        >
          {secret}
        </code>
        <div className="flex shrink-0 gap-2">
          <button type="button" onClick={() => void copy()} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button type="button" onClick={onDone} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            Done
          </button>
        </div>
      </div>
    </FormAlert>
  );
}
