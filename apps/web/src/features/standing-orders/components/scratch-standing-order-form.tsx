import { type FormEvent, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateStandingOrder } from '@/domain/standing-orders/api/create-standing-order';
import { bookingFieldOf, bookingProblems, bookingTemplate, emptyBooking, type TBookingValues } from '../lib/booking-template';
import { ruleText, type TStandingOrderForm } from '../lib/standing-order-form';
import { BookingFields } from './booking-fields';
import { StandingOrderFormEnd, standingOrderFormClass, useStandingOrderForm } from './standing-order-form-shell';
import { StandingOrderFields } from './standing-order-fields';

/**
 * A standing order made from scratch: the booking fields and the schedule, checked by the contract's rules (the
 * API checks them again; a field it refuses shows on that field).
 */
export function ScratchStandingOrderForm() {
  const { user } = useSession();
  const booking = useForm<TBookingValues>({ defaultValues: emptyBooking(user), reValidateMode: 'onSubmit' });
  const { form, problem, clearProblem, showError } = useStandingOrderForm();
  const create = useCreateStandingOrder();
  const navigate = useNavigate();
  const packageType = booking.watch('packageType');
  const specimen = packageType === 'SPECIMEN';
  // The schedule form asks for a collection time only for a specimen.
  useEffect(() => form.setValue('specimen', specimen), [specimen, form]);

  const save = async (values: TStandingOrderForm) => {
    clearProblem();
    const v = booking.getValues();
    try {
      await create.mutateAsync({
        ...bookingTemplate(v, values.collectionTime),
        schedule: { rrule: ruleText(values.schedule), time: values.schedule.time },
        startsOn: values.startsOn,
        endsOn: values.endsOn || null,
      });
      toast.success('Standing order created');
      void navigate(paths.standingOrders);
    } catch (error) {
      const field = isApiError(error) && error.field ? bookingFieldOf(error.field) : null;
      if (field && isApiError(error)) {
        const message = (error.fieldMessage ?? error.serverMessage ?? 'Check this field').replace(/^[\w.]+: /, '');
        booking.setError(field, { message }, { shouldFocus: true });
      } else showError(error, 'Could not create it');
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    booking.clearErrors();
    const problems = bookingProblems(booking.getValues(), form.getValues('collectionTime'));
    for (const [field, message] of problems) booking.setError(field, { message });
    if (problems.length > 0) booking.setFocus(problems[0][0]);
    await form.handleSubmit(async (values) => {
      if (problems.length === 0) await save(values);
    })();
  };

  return (
    <form onSubmit={onSubmit} noValidate className={standingOrderFormClass}>
      <BookingFields
        register={booking.register}
        clearErrors={booking.clearErrors}
        errors={booking.formState.errors}
        packageType={packageType}
      />
      <StandingOrderFields control={form.control} register={form.register} errors={form.formState.errors} specimen={specimen} />
      <StandingOrderFormEnd
        problem={problem}
        cancelTo={paths.standingOrders}
        pending={create.isPending}
        submitLabel="Create standing order"
      />
    </form>
  );
}
