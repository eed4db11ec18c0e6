import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, OPTIN_REPLY_YES_LINE, ZOptinRequest } from '@courier/contract';
import clsx from 'clsx';
import { BellRing, X } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { optinErrorMessage, useSubscribeOptin } from '../api/subscribe-optin';

// The banner asks for the phone only: the contract's phone rule and words, as the opt-in form has them.
const ZBannerForm = z.object({ phone: ZOptinRequest.shape.phone });

/** The banner itself (optin-banner.tsx decides when it shows): SMS consent only; subscribing or closing ends it. */
export function OptinBannerPanel({ onClose, onError }: { onClose: () => void; onError?: (message: string) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<{ phone: string }>({
    resolver: zodResolver(ZBannerForm),
    reValidateMode: 'onSubmit',
    defaultValues: { phone: '' },
  });
  const error = errors.phone?.message;
  const subscribe = useSubscribeOptin();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = handleSubmit(({ phone }) => {
    subscribe.mutate(
      { phone, consent: { sms: true, email: false, marketing: false }, source: 'banner' },
      {
        onSuccess: (message) => {
          reset();
          onClose();
          // SMS is double opt-in: nothing is sent until the phone replies YES to the text.
          toast.success(`${message || 'Your communication preferences have been saved.'} ${OPTIN_REPLY_YES_LINE}`);
        },
        onError: (failure) => {
          const message = optinErrorMessage(failure);
          setError('phone', { message });
          onError?.(message);
        },
      },
    );
  });

  return (
    <section
      aria-label="SMS updates"
      className="fixed inset-x-0 bottom-0 z-40 p-3 transition duration-300 ease-out starting:translate-y-6 starting:opacity-0 sm:p-5"
    >
      <div className="relative mx-auto max-w-4xl rounded-2xl bg-white p-4 shadow-2xl ring-1 shadow-slate-900/20 ring-slate-900/10 sm:p-5 md:pr-14">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-3 right-3 grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-5" />
        </button>

        <div className="flex flex-col gap-4 md:flex-row md:items-center md:gap-6">
          <div className="flex gap-3 pr-10 md:w-[45%] md:pr-0">
            <span className="hidden size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 sm:grid">
              <BellRing aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900">Get delivery updates by text</h2>
              <p className="mt-1 hidden text-sm text-slate-600 sm:block">Pickup, arrival and delay alerts sent straight to your phone.</p>
            </div>
          </div>

          <form onSubmit={submit} noValidate className="flex-1">
            <label htmlFor={inputId} className="sr-only">
              Phone number
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+1 617 555 0142"
                {...register('phone', { onChange: () => clearErrors('phone') })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={clsx(
                  'h-11 min-w-0 flex-1 rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none sm:text-sm',
                  error
                    ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
                    : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
                )}
              />
              <button type="submit" disabled={subscribe.isPending} className={buttonClass({ className: 'h-11 shrink-0' })}>
                {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
              </button>
            </div>
            {error ? (
              <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
                {error}
              </p>
            ) : null}
            <p className="mt-2 text-xs leading-relaxed text-slate-500">{MESSAGES.optinConsentNotice}</p>
          </form>
        </div>
      </div>
    </section>
  );
}
