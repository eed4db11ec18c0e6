import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  PACKAGE_SIZES,
  TEMPERATURE_SHORT,
  TEMPERATURE_CLASSES,
  type TRateCard,
} from '@courier/contract';
import { type ReactNode, useId } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';
import { type TRateCardForm, toRateCard, toRateCardForm, ZRateCardForm } from '../lib/rate-card-form';

const sizeLabel = (s: string) => s.replace('_', ' ').replace(/^./, (c) => c.toUpperCase());

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {hint && <p className="mb-3 text-sm text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** The rate card's prices as a form: dollars, miles and percentages typed as people write them. */
export function RateCardEditor({
  card,
  readOnly,
  busy,
  onSave,
}: {
  card?: TRateCard;
  readOnly: boolean;
  busy: boolean;
  onSave: (card: ReturnType<typeof toRateCard>) => void;
}) {
  const formId = useId();
  const { register, handleSubmit, watch, formState } = useForm<TRateCardForm>({
    resolver: zodResolver(ZRateCardForm),
    defaultValues: toRateCardForm(card),
  });
  const e = formState.errors;
  const statKind = watch('statKind');
  const money = (name: Parameters<typeof register>[0], label: string, error?: FieldError, optional = true) => {
    const id = `${formId}-${name}`;
    return (
      <Field id={id} label={label} marker={optional ? 'optional' : undefined} error={error?.message}>
        <input id={id} inputMode="decimal" {...register(name)} className={inputClass({ invalid: !!error })} />
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit((f) => onSave(toRateCard(f)))} className="space-y-5">
      <fieldset disabled={readOnly || busy} className="space-y-5">
        <Field id={`${formId}-name`} label="Name" error={e.name?.message}>
          <input id={`${formId}-name`} {...register('name')} className={inputClass({ invalid: !!e.name })} />
        </Field>

        <Group title="Base price by delivery type" hint="Base + per mile over the included miles, never below the minimum (amounts in $).">
          <div className="grid gap-4 lg:grid-cols-2">
            {DELIVERY_TYPES.map((t) => {
              const err = e.types?.[t];
              return (
                <div key={t} className="rounded-lg bg-slate-50 p-3">
                  <h3 className="mb-2 text-sm font-semibold text-slate-800">{DELIVERY_TYPE_LABELS[t]}</h3>
                  <div className="grid grid-cols-2 gap-3">
                    {money(`types.${t}.base`, 'Base', err?.base, false)}
                    <Field id={`${formId}-${t}-miles`} label="Included miles" error={err?.includedMiles?.message}>
                      <input
                        id={`${formId}-${t}-miles`}
                        inputMode="decimal"
                        {...register(`types.${t}.includedMiles`)}
                        className={inputClass({ invalid: !!err?.includedMiles })}
                      />
                    </Field>
                    {money(`types.${t}.perMile`, 'Per mile', err?.perMile, false)}
                    {money(`types.${t}.minimum`, 'Minimum', err?.minimum, false)}
                  </div>
                </div>
              );
            })}
          </div>
        </Group>

        <Group title="Surcharges" hint="Each is its own line on the invoice; leave one empty for none.">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <div>
              <Field
                id={`${formId}-stat`}
                label={statKind === 'flat' ? 'STAT ($)' : 'STAT (% of base)'}
                marker="optional"
                error={e.stat?.message}
              >
                <input id={`${formId}-stat`} inputMode="decimal" {...register('stat')} className={inputClass({ invalid: !!e.stat })} />
              </Field>
              <div className="mt-1.5 flex gap-4 text-sm text-slate-700">
                <label className="flex items-center gap-1.5">
                  <input type="radio" value="flat" {...register('statKind')} /> Flat amount
                </label>
                <label className="flex items-center gap-1.5">
                  <input type="radio" value="percent" {...register('statKind')} /> Percent of base
                </label>
              </div>
            </div>
            {money('afterHours', 'After hours ($)', e.afterHours)}
            {money('weekend', 'Weekend ($)', e.weekend)}
            {money('specimen', 'Specimen ($)', e.specimen)}
            {money('controlled', 'Controlled substance ($)', e.controlled)}
            {money('failedAttempt', 'Failed attempt (% of base)', e.failedAttempt)}
            {money('returned', 'Return (% of base)', e.returned)}
          </div>
        </Group>

        <div className="grid gap-5 lg:grid-cols-2">
          <Group title="Temperature ($)">
            <div className="grid grid-cols-2 gap-3">
              {TEMPERATURE_CLASSES.map((c) => (
                <div key={c}>{money(`temperature.${c}`, TEMPERATURE_SHORT[c], e.temperature?.[c])}</div>
              ))}
            </div>
          </Group>
          <Group title="Package size ($)">
            <div className="grid grid-cols-2 gap-3">
              {PACKAGE_SIZES.map((s) => (
                <div key={s}>{money(`sizes.${s}`, sizeLabel(s), e.sizes?.[s])}</div>
              ))}
            </div>
          </Group>
        </div>

        <Group title="Wait time" hint="Charged per minute at a stop after the free minutes, up to the cap.">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id={`${formId}-grace`} label="Free minutes" marker="optional" error={e.waitGrace?.message}>
              <input
                id={`${formId}-grace`}
                inputMode="numeric"
                {...register('waitGrace')}
                className={inputClass({ invalid: !!e.waitGrace })}
              />
            </Field>
            {money('waitPerMinute', 'Per minute ($)', e.waitPerMinute)}
            {money('waitCap', 'Cap per stop ($)', e.waitCap)}
          </div>
        </Group>

        {card && card.zones.length > 0 && (
          <p className="text-sm text-slate-600">
            {card.zones.length} ZIP zone{card.zones.length === 1 ? '' : 's'} and {card.zonePrices.length} zone price
            {card.zonePrices.length === 1 ? '' : 's'} are set through the API and stay as they are.
          </p>
        )}
      </fieldset>
      {!readOnly && (
        <button type="submit" className={buttonClass()} disabled={busy}>
          {card ? 'Save rate card' : 'Create rate card'}
        </button>
      )}
    </form>
  );
}
