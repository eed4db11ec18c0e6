import { LoaderCircle, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useAutoAssignDelivery } from '../api/auto-assign-delivery';

/**
 * An approved job to the planner's best driver in one click. The job leaves "To assign" when it works, so the
 * driver and the reason are told in one toast; when no driver fits, the reason stays beside the button.
 */
export function AutoAssignButton({ id, orderId, size = 'sm' }: { id: string; orderId: string; size?: 'sm' | 'md' }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const auto = useAutoAssignDelivery({
    onSuccess: ({ data }) => {
      if (data.ok) {
        setRefusal(null);
        toast.success(`#${orderId} assigned to ${data.driverName}. ${data.reason}`);
      } else setRefusal(data.reason);
    },
    onError: (error) => setRefusal(errorMessage(error, 'Could not auto-assign the job')),
  });
  return (
    <>
      <button
        type="button"
        className={buttonClass({ size, variant: 'secondary' })}
        disabled={auto.isPending}
        aria-label={`Auto-assign #${orderId}`}
        onClick={() => auto.mutate(id)}
      >
        {auto.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Sparkles aria-hidden="true" className="size-4" />
        )}
        Auto-assign
      </button>
      {refusal && (
        <p role="status" className="basis-full text-sm text-amber-800">
          {refusal}
        </p>
      )}
    </>
  );
}
