import type { TBulkDeliveriesRequest, TBulkDeliveriesResponse } from '@courier/contract';
import { CircleCheck, Keyboard, Truck, X, XCircle } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useBulkMoveDeliveries } from '../api/bulk-move-deliveries';
import { clickSelection, type TSelectable, type TSelection, togglePage } from '../lib/job-selection';
import { useJobShortcuts } from '../lib/use-job-shortcuts';
import { AssignDialog } from './assign-dialog';
import { CancelDialog } from './cancel-dialog';
import { OutcomeDialog, type TOutcomeRow } from './outcome-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';

interface TSelectionApi {
  selected: TSelection;
  click: (job: TSelectable, shift: boolean) => void;
  togglePage: (jobs: TSelectable[]) => void;
}
const SelectionContext = createContext<TSelectionApi | null>(null);

const plural = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;
const VERB = { approve: 'approved', assign: 'assigned', cancel: 'cancelled' } as const;

/**
 * Many jobs at once on the board or the list: the jobs below it (each marked `data-job-id`, with a JobCheckbox)
 * can be selected (Shift+click for a range, a page at a time), then approved, assigned or cancelled together, each
 * job refused on its own with its reason, in one summary. The keyboard shortcuts work on the same jobs.
 */
export function BulkDispatch({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const anchor = useRef<string | null>(null);
  const [dialog, setDialog] = useState<'assign' | 'cancel' | 'help' | null>(null);
  // The jobs the open dialog acts on: the selection, or the one job a shortcut was pressed on.
  const [targets, setTargets] = useState<TSelectable[]>([]);
  const [outcome, setOutcome] = useState<{ title: string; rows: TOutcomeRow[] } | null>(null);
  const labels = useRef(new Map<string, string>());

  const orderOnScreen = () =>
    [...(root.current?.querySelectorAll<HTMLElement>('[data-job-id]') ?? [])].map((el) => ({
      id: el.dataset.jobId ?? '',
      orderId: el.dataset.orderId ?? '',
    }));
  const api: TSelectionApi = {
    selected,
    click: (job, shift) => {
      // Read now: the updater runs later, after the anchor has moved to this job.
      const [from, order] = [anchor.current, orderOnScreen()];
      setSelected((s) => clickSelection(s, order, job, from, shift));
      anchor.current = job.id;
    },
    togglePage: (jobs) => setSelected((s) => togglePage(s, jobs)),
  };

  const bulk = useBulkMoveDeliveries({
    onSuccess: (body: TBulkDeliveriesResponse, vars: TBulkDeliveriesRequest) => {
      setDialog(null);
      const { results } = body.data;
      // The jobs moved leave the selection; the refused stay selected, to try again or look at.
      setSelected((s) => {
        const next = new Map(s);
        for (const r of results) if (r.ok) next.delete(r.deliveryId);
        return next;
      });
      if (results.every((r) => r.ok)) {
        const only = results.length === 1 ? results[0] : null;
        toast.success(only ? `#${labels.current.get(only.deliveryId)} ${VERB[vars.action]}` : body.message);
        return;
      }
      setOutcome({
        title: body.message.replace(/^./, (c) => c.toUpperCase()),
        rows: results.map((r) => ({
          id: r.deliveryId,
          label: `#${labels.current.get(r.deliveryId) ?? r.deliveryId}`,
          ok: r.ok,
          text: r.ok ? (r.message ?? 'Done') : (r.message ?? r.code ?? 'Refused'),
        })),
      });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not move the selected jobs')),
  });

  const acting = (job: TSelectable | null): TSelectable[] =>
    selected.size ? [...selected].map(([id, orderId]) => ({ id, orderId })) : job ? [job] : [];
  const run = (
    jobs: TSelectable[],
    body: { action: 'approve' } | { action: 'assign'; driverId: string } | { action: 'cancel'; reason: string },
  ) => {
    if (!jobs.length) return;
    for (const j of jobs) labels.current.set(j.id, j.orderId);
    bulk.mutate({ ...body, deliveryIds: jobs.map((j) => j.id) } as TBulkDeliveriesRequest);
  };
  const openFor = (which: 'assign' | 'cancel', jobs: TSelectable[]) => {
    if (!jobs.length) return;
    setTargets(jobs);
    setDialog(which);
  };

  useJobShortcuts(root, {
    approve: (job) => run(acting(job), { action: 'approve' }),
    assign: (job) => openFor('assign', acting(job)),
    open: (job) => navigate(paths.adminDelivery(job.id)),
    toggle: (job) => api.click(job, false),
    clear: () => setSelected(new Map()),
    help: () => setDialog('help'),
  });

  // A job that left the screen (moved on, another page) stays selected only while it is shown somewhere.
  useEffect(() => {
    labels.current = new Map([...labels.current, ...selected]);
  }, [selected]);

  const count = selected.size;
  const many = acting(null);
  const heading = targets.length === 1 ? `#${targets[0].orderId}` : plural(targets.length);
  return (
    <SelectionContext.Provider value={api}>
      <div className="mb-2 flex justify-end">
        <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={() => setDialog('help')}>
          <Keyboard aria-hidden="true" className="mr-1 inline size-4" />
          Keyboard shortcuts <kbd className="font-mono text-xs">?</kbd>
        </button>
      </div>
      <div ref={root}>{children}</div>
      {count > 0 && (
        <div
          role="toolbar"
          aria-label="Selected jobs"
          className="sticky bottom-3 z-30 mx-auto mt-4 flex max-w-3xl flex-wrap items-center gap-2 rounded-2xl bg-slate-900 px-4 py-3 text-white shadow-2xl"
        >
          {/* A phone: the count and the clear button on one line, the three moves below. */}
          <span className="flex w-full items-center sm:contents">
            <span className="mr-auto text-sm font-semibold" aria-live="polite">
              {plural(count)} selected
            </span>
            <button
              type="button"
              className="flex size-9 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white sm:order-last"
              aria-label="Clear the selection"
              onClick={() => setSelected(new Map())}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </span>
          <button
            type="button"
            className={buttonClass({ size: 'sm', variant: 'inverse' })}
            disabled={bulk.isPending}
            onClick={() => run(many, { action: 'approve' })}
          >
            <CircleCheck aria-hidden="true" className="size-4" />
            Approve
          </button>
          <button type="button" className={buttonClass({ size: 'sm', variant: 'inverse' })} onClick={() => openFor('assign', many)}>
            <Truck aria-hidden="true" className="size-4" />
            Assign to driver
          </button>
          <button type="button" className={buttonClass({ size: 'sm', variant: 'inverse-outline' })} onClick={() => openFor('cancel', many)}>
            <XCircle aria-hidden="true" className="size-4" />
            Cancel jobs
          </button>
        </div>
      )}
      <AssignDialog
        open={dialog === 'assign'}
        orderId={targets[0]?.orderId ?? ''}
        title={`Assign ${heading}`}
        busy={bulk.isPending}
        onClose={() => setDialog(null)}
        onAssign={(driverId) => run(targets, { action: 'assign', driverId })}
      />
      <CancelDialog
        open={dialog === 'cancel'}
        orderId={targets[0]?.orderId ?? ''}
        title={`Cancel ${heading}?`}
        busy={bulk.isPending}
        onClose={() => setDialog(null)}
        onCancel={(reason) => run(targets, { action: 'cancel', reason })}
      />
      <ShortcutsDialog open={dialog === 'help'} onClose={() => setDialog(null)} />
      <OutcomeDialog title={outcome?.title ?? ''} rows={outcome?.rows ?? null} onClose={() => setOutcome(null)} />
    </SelectionContext.Provider>
  );
}

/** A job's box: nothing outside a BulkDispatch. Shift+click selects the range from the last box clicked. */
export function JobCheckbox({ id, orderId }: TSelectable) {
  const selection = useContext(SelectionContext);
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={`Select #${orderId}`}
      checked={selection.selected.has(id)}
      // The click carries Shift (a change event does not); Space on the box clicks it too.
      onClick={(event) => selection.click({ id, orderId }, event.shiftKey)}
      onChange={() => undefined}
      className="size-4 shrink-0 cursor-pointer accent-brand-600"
    />
  );
}

/** "Select all on page" for the jobs a column or a page shows; mixed when some are selected. */
export function SelectPageBox({ jobs, label }: { jobs: TSelectable[]; label: string }) {
  const selection = useContext(SelectionContext);
  const box = useRef<HTMLInputElement>(null);
  const chosen = selection ? jobs.filter((j) => selection.selected.has(j.id)).length : 0;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && chosen < jobs.length;
  }, [chosen, jobs.length]);
  if (!selection) return null;
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={label}
      disabled={jobs.length === 0}
      checked={jobs.length > 0 && chosen === jobs.length}
      onChange={() => selection.togglePage(jobs)}
      className="size-4 shrink-0 cursor-pointer accent-brand-600"
    />
  );
}
