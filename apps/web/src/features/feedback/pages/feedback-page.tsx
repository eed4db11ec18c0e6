import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY,
  FEEDBACK_COMMENT_MAX,
  MESSAGES,
  TIMINGS,
  type TFeedbackRequest,
  acceptsFeedback,
  ZFeedbackRequest,
} from '@courier/contract';
import { CircleAlert, CircleCheckBig, Info, MessageSquareHeart, Send } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { StatusBadge } from '@/components/ui/status-badge';
import { isApiError } from '@/lib/api-client';
import { type TOrderDetails, useOrderDetails } from '@/domain/tracking/api/get-order-details';
import { feedbackErrorMessage, useSubmitFeedback } from '../api/submit-feedback';
import { StarRating } from '../components/star-rating';

const NOT_DELIVERED = 'Feedback can be left once the delivery is delivered';
const REJECTED = 'The receiving laboratory rejected this delivery, so no feedback is asked for.';
const ALREADY_SUBMITTED = 'Feedback has already been submitted for this delivery';

function Notice({
  tone,
  icon,
  children,
  action,
}: {
  tone: 'info' | 'success' | 'error';
  icon: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  const tones = {
    info: 'bg-slate-50 text-slate-700 ring-slate-200',
    success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    error: 'bg-red-50 text-red-700 ring-red-200',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`mt-6 rounded-xl p-4 ring-1 ${tones[tone]}`}>
      <p className="flex items-start gap-2 font-medium">
        <span className="mt-0.5 shrink-0">{icon}</span>
        {children}
      </p>
      {action && <div className="mt-3 pl-7">{action}</div>}
    </div>
  );
}

function FeedbackForm({ order, onThanked }: { order: TOrderDetails; onThanked: () => void }) {
  const {
    control,
    register,
    watch,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof ZFeedbackRequest>, unknown, TFeedbackRequest>({
    // The contract's rule and words: a rating of at least 1 ('Please select a rating before submitting').
    resolver: zodResolver(ZFeedbackRequest),
    reValidateMode: 'onSubmit',
    defaultValues: { rating: 0, comment: '' },
  });
  const comment = watch('comment') ?? '';
  const submit = useSubmitFeedback(order.orderId);
  const ratingError = errors.rating?.message;
  const error = ratingError ?? errors.root?.message ?? errors.comment?.message;

  const onSubmit = handleSubmit(async (feedback) => {
    try {
      const response = await submit.mutateAsync({ rating: feedback.rating, comment: (feedback.comment ?? '').trim() });
      toast.success(response?.message || MESSAGES.feedbackThanks);
      onThanked();
    } catch (err) {
      // Said inline above the button: a toast would say it twice.
      setError('root', { message: feedbackErrorMessage(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-6">
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRating
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              clearErrors('rating');
            }}
            invalid={!!ratingError}
            describedBy={error ? 'feedback-error' : undefined}
          />
        )}
      />
      <div>
        <div className="mb-1.5 flex items-baseline justify-between gap-2">
          <label htmlFor="feedback-comment" className="text-sm font-medium text-slate-700">
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <span id="feedback-comment-count" className="text-xs text-slate-500 tabular-nums">
            {comment.length}/{FEEDBACK_COMMENT_MAX}
          </span>
        </div>
        <textarea
          id="feedback-comment"
          {...register('comment')}
          maxLength={FEEDBACK_COMMENT_MAX}
          rows={5}
          aria-describedby="feedback-comment-count"
          placeholder="What went well? What could we do better?"
          className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      {error && (
        <p
          id="feedback-error"
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
        >
          <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
          {error}
        </p>
      )}
      <button type="submit" disabled={submit.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
        <Send aria-hidden="true" className="size-5" />
        {submit.isPending ? 'Submitting...' : 'Submit Feedback'}
      </button>
    </form>
  );
}

/** /track/{trackingId}/feedback, a 1 to 5 rating and an optional comment on a delivered order. */
export function FeedbackPage() {
  const { trackingId = '' } = useParams();
  const navigate = useNavigate();
  const details = useOrderDetails(trackingId);
  const [thanked, setThanked] = useState(false);
  const order = details.data;
  const orderId = order?.orderId ?? trackingId;

  // Thanks, then back to the tracking page after 2 s.
  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => void navigate(paths.track(orderId)), TIMINGS.feedbackRedirectMs);
    return () => clearTimeout(timer);
  }, [thanked, navigate, orderId]);

  const trackLink = (
    <Link to={paths.track(orderId)} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
      Track this package
    </Link>
  );

  let body: ReactNode;
  if (details.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading order" className="[&_svg]:size-8" />
      </div>
    );
  } else if (!order) {
    const notFound = isApiError(details.error) && details.error.code === 'NOT_FOUND';
    body = (
      <Notice
        tone="error"
        icon={<CircleAlert aria-hidden="true" className="size-5" />}
        action={
          <Link to={paths.tracking} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            Go to package tracking
          </Link>
        }
      >
        {notFound ? MESSAGES.trackingInvalid : MESSAGES.trackingError}
      </Notice>
    );
  } else if (thanked) {
    body = (
      <Notice tone="success" icon={<CircleCheckBig aria-hidden="true" className="size-5" />}>
        <span>
          {MESSAGES.feedbackThanks}
          <span className="block text-sm font-normal text-emerald-700">Taking you back to tracking...</span>
        </span>
      </Notice>
    );
  } else if (order.rejected) {
    body = (
      <Notice tone="info" icon={<Info aria-hidden="true" className="size-5" />} action={trackLink}>
        {REJECTED}
      </Notice>
    );
  } else if (!acceptsFeedback(order.status, order.rejected)) {
    body = (
      <Notice tone="info" icon={<Info aria-hidden="true" className="size-5" />} action={trackLink}>
        {NOT_DELIVERED}
      </Notice>
    );
  } else if (order.feedbackSubmitted) {
    body = (
      <Notice tone="info" icon={<Info aria-hidden="true" className="size-5" />} action={trackLink}>
        {ALREADY_SUBMITTED}
      </Notice>
    );
  } else {
    body = <FeedbackForm order={order} onThanked={() => setThanked(true)} />;
  }

  return (
    <section className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:items-center sm:py-16">
      <title>{`Delivery Feedback · ${COMPANY.name}`}</title>
      <div className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <MessageSquareHeart aria-hidden="true" className="size-6" />
        </div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">How was your delivery?</h1>
        <p className="mt-1 text-slate-600">Your rating helps us keep every hand-over safe and on time.</p>
        {order && (
          <dl className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200/70">
            <div className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Tracking number</dt>
              <dd className="font-mono font-bold tracking-wider break-all text-slate-900">#{order.orderId}</dd>
            </div>
            <div>
              <dt className="sr-only">Status</dt>
              <dd>
                <StatusBadge status={order.status} rejected={order.rejected} />
              </dd>
            </div>
          </dl>
        )}
        {body}
      </div>
    </section>
  );
}
