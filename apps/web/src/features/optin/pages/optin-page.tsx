import { COMPANY, MESSAGES, OPTIN_REPLY_YES_LINE } from '@courier/contract';
import { ArrowRight, CircleCheck, Clock, MessageSquareReply, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { OptinForm } from '../components/optin-form';

const reasons = [
  { icon: Smartphone, title: 'Know where it is', text: 'A text at pick-up, when it is close, and the moment it is delivered.' },
  { icon: Clock, title: 'Hear about delays first', text: 'Traffic or weather holding a run up? You will know before the clinic calls.' },
  { icon: ShieldCheck, title: 'Nothing sensitive', text: 'Updates carry the tracking number and status, never what is inside.' },
] as const;

/** SMS, e-mail and service update opt-in: /optin. */
export function OptinPage() {
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const [askedForSms, setAskedForSms] = useState(false);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  // The confirmation is shorter than the form: bring it into view and give it focus for screen readers.
  useEffect(() => {
    if (savedMessage === null) return;
    doneHeading.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [savedMessage]);
  return (
    <section className="bg-gradient-to-b from-brand-50 via-white to-white">
      <title>{`Stay Updated · ${COMPANY.name}`}</title>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_1.1fr] lg:gap-16 lg:px-8 lg:py-20">
        <div className="lg:pt-6">
          <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Stay Updated</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Delivery updates, the way you want them
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">
            Choose how {COMPANY.name} keeps you posted about your pickups and deliveries. You can change your mind at any time.
          </p>
          <ul className="mt-8 hidden space-y-5 sm:block">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>

        <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8">
          {savedMessage === null ? (
            <>
              <h2 className="text-xl font-semibold text-slate-900">Your communication preferences</h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">Fields marked * are required.</p>
              <OptinForm
                onSubscribed={(message, sms) => {
                  setAskedForSms(sms);
                  setSavedMessage(message);
                }}
              />
            </>
          ) : (
            <div className="flex flex-col items-center py-8 text-center" role="status">
              <span className="grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
                <CircleCheck aria-hidden="true" className="size-9" />
              </span>
              <h2 ref={doneHeading} tabIndex={-1} className="mt-6 text-2xl font-bold text-slate-900 focus:outline-none">
                {MESSAGES.optinAllSet}
              </h2>
              <p className="mt-2 max-w-sm text-slate-600">
                {savedMessage || 'Your communication preferences have been saved.'} You can change them at any time.
              </p>
              {askedForSms ? (
                // SMS is double opt-in: texts start only once the phone replies YES.
                <p className="mt-5 flex max-w-sm items-start gap-3 rounded-xl bg-brand-50 px-4 py-3 text-left font-medium text-brand-900 ring-1 ring-brand-100">
                  <MessageSquareReply aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  {OPTIN_REPLY_YES_LINE}
                </p>
              ) : null}
              <Link to={paths.home} className={buttonClass({ size: 'lg', className: 'mt-8' })}>
                Continue
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
