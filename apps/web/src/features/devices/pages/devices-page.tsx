import {
  ADMIN_ROLES,
  BOUNDARY_SEVERITIES,
  TEMPERATURE_LABELS,
  type TTemperatureBoundary,
  type TTemperatureRule,
  ZTemperatureRuleRequest,
} from '@courier/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-controls';
import { DispatchPage, HeadRow, TableCard, TableMessage, tdClass } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDevices, useSaveTemperatureRule, useTemperatureRules } from '../api/devices';

/** Each row of the form keeps its own key while rows are added and removed. */
let nextRowKey = 0;
const rowKey = () => `boundary-${nextRowKey++}`;

const words = (b: TTemperatureBoundary) =>
  `${b.above !== undefined ? `above ${b.above} °C` : `below ${b.below} °C`}${b.minutes ? ` for ${b.minutes} cumulative min` : ' at once'} (${b.severity})`;

/** One class's boundaries, as administrators edit them: a side, a limit, minutes (0: at once) and a severity each. */
function RuleForm({ rule, editable }: { rule: TTemperatureRule; editable: boolean }) {
  const id = useId();
  const save = useSaveTemperatureRule();
  type Row = { key: string; side: 'above' | 'below'; limit: string; minutes: string; severity: TTemperatureBoundary['severity'] };
  const [rows, setRows] = useState<Row[]>(() =>
    rule.boundaries.map((b) => ({
      key: rowKey(),
      side: b.above !== undefined ? 'above' : 'below',
      limit: String(b.above ?? b.below),
      minutes: String(b.minutes),
      severity: b.severity,
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const title = TEMPERATURE_LABELS[rule.temperatureClass];
  if (!editable)
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
          {rule.boundaries.map((b) => (
            <li key={words(b)}>{words(b)}</li>
          ))}
        </ul>
        {!rule.custom && <p className="mt-2 text-xs text-slate-500">The class’s range at once (no rule set).</p>}
      </div>
    );
  const update = (i: number, change: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const unreadable = rows.findIndex((r) => !Number.isFinite(Number.parseFloat(r.limit)) || !/^\d+$/.test(r.minutes.trim()));
    if (unreadable >= 0) {
      setError(`Boundary ${unreadable + 1}: enter the degrees and whole minutes (0: at once)`);
      return;
    }
    const parsed = ZTemperatureRuleRequest.safeParse({
      boundaries: rows.map((r) => ({ [r.side]: Number.parseFloat(r.limit), minutes: Number(r.minutes), severity: r.severity })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const which = typeof issue?.path[1] === 'number' ? `Boundary ${issue.path[1] + 1}: ` : '';
      setError(`${which}${issue?.message ?? 'The rule is not valid'}`);
      return;
    }
    try {
      await save.mutateAsync({ temperatureClass: rule.temperatureClass, boundaries: parsed.data.boundaries });
      toast.success(`${title}: rule saved`);
    } catch (e) {
      setError(errorMessage(e, 'The rule could not be saved'));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </h3>
      {!rule.custom && <p className="text-xs text-slate-500">The class’s range at once until you save a rule.</p>}
      <div className="mt-3 space-y-3">
        {rows.map((r, i) => (
          <fieldset
            key={r.key}
            className="grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[7rem_6rem_6rem_7rem_auto] sm:items-end sm:border-t-0 sm:pt-0"
          >
            <legend className="sr-only">Boundary {i + 1}</legend>
            <label className="text-xs font-medium text-slate-600">
              Side
              <select
                className={inputClass({ className: 'mt-1' })}
                value={r.side}
                onChange={(e) => update(i, { side: e.target.value as Row['side'] })}
              >
                <option value="above">above</option>
                <option value="below">below</option>
              </select>
            </label>
            <label className="text-xs font-medium text-slate-600">
              °C
              <input
                inputMode="decimal"
                className={inputClass({ className: 'mt-1' })}
                value={r.limit}
                onChange={(e) => update(i, { limit: e.target.value })}
              />
            </label>
            <label className="text-xs font-medium text-slate-600">
              Minutes
              <input
                inputMode="numeric"
                className={inputClass({ className: 'mt-1' })}
                value={r.minutes}
                onChange={(e) => update(i, { minutes: e.target.value })}
              />
            </label>
            <label className="text-xs font-medium text-slate-600">
              Severity
              <select
                className={inputClass({ className: 'mt-1' })}
                value={r.severity}
                onChange={(e) => update(i, { severity: e.target.value as Row['severity'] })}
              >
                {BOUNDARY_SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
              className={buttonClass({ variant: 'secondary', className: 'h-10' })}
              aria-label={`Remove boundary ${i + 1}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </fieldset>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setRows((all) => [...all, { key: rowKey(), side: 'above', limit: '', minutes: '0', severity: 'critical' }])}
          className={buttonClass({ variant: 'secondary' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a boundary
        </button>
        <button type="submit" disabled={save.isPending} className={buttonClass({})}>
          Save rule
        </button>
      </div>
    </form>
  );
}

/** /admin/devices: the loggers that report on their own (last reading, last heard, the parcel they travel with) and the rules. */
export function DevicesPage() {
  const devices = useDevices();
  const rules = useTemperatureRules();
  const { role } = useSession();
  const editable = !!role && (ADMIN_ROLES as readonly string[]).includes(role);
  const headings = ['Logger', 'Last reading', 'Last heard', 'Travels with'];
  return (
    <DispatchPage
      title="Loggers"
      intro="Temperature loggers that report on their own: their last reading, when each was last heard from, and the parcel it travels with."
    >
      <TableCard>
        <table className="w-full min-w-[640px]">
          <caption className="sr-only">Loggers</caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <HeadRow headings={headings} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {devices.isPending ? (
              <TableMessage colSpan={4}>Loading…</TableMessage>
            ) : devices.isError ? (
              <TableMessage colSpan={4}>{errorMessage(devices.error, 'Could not load the loggers')}</TableMessage>
            ) : devices.data.length === 0 ? (
              <TableMessage colSpan={4}>No logger has reported yet.</TableMessage>
            ) : (
              devices.data.map((d) => (
                <tr key={d.deviceId}>
                  <td data-label="Logger" className={`${tdClass} font-mono font-semibold`}>
                    {d.deviceId}
                  </td>
                  <td data-label="Last reading" className={tdClass}>
                    {d.lastCelsius === null ? '—' : `${d.lastCelsius.toFixed(1)} °C`}
                    {d.lastReadingAt && <span className="block text-xs text-slate-500">{formatDateTime(d.lastReadingAt)}</span>}
                  </td>
                  <td data-label="Last heard" className={`${tdClass} whitespace-nowrap`}>
                    {d.lastHeardAt ? formatDateTime(d.lastHeardAt) : '—'}
                  </td>
                  <td data-label="Travels with" className={tdClass}>
                    {d.boundTo.length === 0
                      ? 'No parcel on board'
                      : d.boundTo.map((b) => (
                          <Link
                            key={b.deliveryId}
                            to={paths.adminDelivery(b.deliveryId)}
                            className="mr-2 font-mono text-brand-700 hover:underline"
                            title={b.piece ? `In piece ${b.piece}` : undefined}
                          >
                            {b.piece ?? b.orderId}
                          </Link>
                        ))}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableCard>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Temperature rules</h2>
      <p className="text-sm text-slate-600">
        A breach holds the parcel as a probe excursion does.{' '}
        {editable ? 'Minutes are cumulative; 0 means at once.' : 'Administrators set them.'}
      </p>
      {rules.isError && <p className="mt-2 text-sm text-red-700">{errorMessage(rules.error, 'Could not load the rules')}</p>}
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        {rules.data
          ?.filter((r) => r.temperatureClass !== 'ambient')
          .map((r) => (
            <RuleForm key={`${r.temperatureClass}-${r.updatedAt ?? ''}`} rule={r} editable={editable} />
          ))}
      </div>
    </DispatchPage>
  );
}
