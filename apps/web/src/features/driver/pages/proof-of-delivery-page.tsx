import { zodResolver } from '@hookform/resolvers/zod';
import { holdAllowsMove, holdStateOf, POD_NOTES_MAX, ZProofOfDeliveryFields } from '@courier/contract';
import { CircleCheckBig, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { Field, inputClass } from '@/components/ui/form-controls';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { BackLink } from '../components/back-to-jobs';
import { bigButtonClass } from '../components/next-action-button';
import { checkHandOver, EMPTY_HAND_OVER, HandOverChecks, handOverFields, type THandOverErrors } from '../components/hand-over-checks';
import { SignatureField, type TSignaturePadHandle } from '../components/signature-pad';
import { PhotoField } from '../components/photo-field';
import { HoldBanner } from '../components/temperature-step';
import { currentCoords } from '../lib/current-coords';
import { nextAction } from '../lib/next-action';
import { newMoveKey } from '../lib/outbox-store';
import { shrinkPhoto } from '../lib/shrink-photo';
import { useQueueMove } from '../lib/use-outbox';
import { useJobView } from '../lib/use-job';

const ZProofForm = ZProofOfDeliveryFields.pick({ recipientName: true }).extend({
  notes: z.string().trim().max(POD_NOTES_MAX, `Notes must be at most ${POD_NOTES_MAX} characters`),
});
type TProofForm = z.infer<typeof ZProofForm>;

/** /driver/jobs/{id}/proof: photo, signature, who received it and notes; the only way to delivered. */
export function ProofOfDeliveryPage() {
  const { id = '' } = useParams();
  const { view, isPending } = useJobView(id);
  const navigate = useNavigate();
  const queueMove = useQueueMove();
  const formId = useId();
  const signature = useRef<TSignaturePadHandle>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [signed, setSigned] = useState(false);
  const [imageError, setImageError] = useState('');
  const [busy, setBusy] = useState(false);
  const [handOver, setHandOver] = useState(EMPTY_HAND_OVER);
  const [handOverErrors, setHandOverErrors] = useState<THandOverErrors>({});
  const { register, handleSubmit, formState } = useForm<TProofForm>({
    resolver: zodResolver(ZProofForm),
    defaultValues: { recipientName: '', notes: '' },
  });

  if (isPending) return <PageSpinner />;
  const action = view && nextAction(view.status);
  if (!view || action?.kind !== 'proof') return <Navigate to={view ? paths.driverJob(id) : paths.driverHome} replace />;
  const { job } = view;
  // A returning parcel: the same proof records the hand-back to the sender.
  const back = view.status === 'returning';

  /** Flags every missing requirement at once (photo or signature, temperature, ID): one submit shows them all. */
  const checkRequirements = (): boolean => {
    const missingImage =
      job.requiresSignature && !signed
        ? `A ${job.packageType.toLowerCase().replace('_', ' ')} delivery needs the recipient's signature.`
        : !photo && !signed
          ? 'Take a photo or have the recipient sign.'
          : '';
    setImageError(missingImage);
    const problems = checkHandOver(job, handOver);
    setHandOverErrors(problems);
    return !missingImage && Object.keys(problems).length === 0;
  };

  const submit = async (fields: TProofForm) => {
    if (!checkRequirements()) return;
    setBusy(true);
    const [photoBlob, signatureBlob, location] = await Promise.all([
      photo ? shrinkPhoto(photo) : Promise.resolve(null),
      signature.current?.toBlob() ?? Promise.resolve(null),
      currentCoords(2_500),
    ]);
    const outcome = await queueMove({
      kind: 'proof',
      key: newMoveKey(),
      deliveryId: job._id,
      orderId: job.orderId,
      queuedAt: new Date().toISOString(),
      fields: { recipientName: fields.recipientName, notes: fields.notes, ...(location ?? {}), ...handOverFields(job, handOver) },
      photo: photoBlob,
      signature: signatureBlob,
    });
    setBusy(false);
    if (outcome === 'refused') return;
    toast[outcome === 'sent' ? 'success' : 'info'](
      outcome === 'sent'
        ? `#${job.orderId} ${back ? 'returned to sender' : 'delivered'}`
        : 'Proof saved on this phone; it will be sent when the network returns.',
    );
    navigate(paths.driverHome, { replace: true });
  };

  const e = formState.errors;
  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-2 pb-10">
      <title>{`${back ? 'Hand-back' : 'Proof of delivery'} #${job.orderId} · MedCourier`}</title>
      <BackLink to={paths.driverJob(job._id)} label={`Job #${job.orderId}`} />
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{back ? 'Hand back to the sender' : 'Proof of delivery'}</h1>
      <p className="mt-1 text-sm text-slate-600">
        For {job.recipientName}, {job.deliveryAddress}.
        {job.requiresSignature && <strong className="text-amber-800"> Signature required.</strong>}
      </p>
      <HoldBanner job={job} />

      <form
        id={formId}
        noValidate
        className="mt-5 space-y-5"
        onSubmit={handleSubmit(
          (fields) => void submit(fields),
          // A missing name is flagged by the form; the other requirements are flagged with it, not one submit later.
          () => void checkRequirements(),
        )}
      >
        <PhotoField
          label="Photo of the parcel at the door"
          alt="The parcel at the door"
          photo={photo}
          boxClass="h-28"
          onPick={(picked) => {
            setPhoto(picked);
            setImageError('');
          }}
          onRemove={() => setPhoto(null)}
        />

        <SignatureField
          ref={signature}
          label={`${back ? "Sender's" : "Recipient's"} signature${job.requiresSignature ? ' (required)' : ''}`}
          invalid={!!imageError && !signed}
          onChange={(empty) => {
            setSigned(!empty);
            if (!empty) setImageError('');
          }}
        />
        {imageError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {imageError}
          </p>
        )}

        <Field id={`${formId}-name`} label={back ? 'Taken back by' : 'Received by'} error={e.recipientName?.message}>
          <input
            id={`${formId}-name`}
            autoComplete="off"
            {...register('recipientName')}
            className={inputClass({ invalid: !!e.recipientName, className: 'h-12' })}
          />
        </Field>
        <Field id={`${formId}-notes`} label="Notes (optional)" error={e.notes?.message}>
          <textarea
            id={`${formId}-notes`}
            rows={3}
            maxLength={POD_NOTES_MAX}
            {...register('notes')}
            className={inputClass({ invalid: !!e.notes, className: 'h-auto py-2' })}
          />
        </Field>

        <HandOverChecks job={job} value={handOver} onChange={setHandOver} errors={handOverErrors} />

        <button type="submit" className={bigButtonClass} disabled={busy || !holdAllowsMove(holdStateOf(job), view.status, action.to)}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
          ) : (
            <CircleCheckBig aria-hidden="true" className="size-6" />
          )}
          {back ? 'Confirm hand-back' : 'Confirm delivery'}
        </button>
      </form>
    </section>
  );
}
