import { type RefObject, useEffect, useRef } from 'react';
import { isTypingTarget, type TSelectable } from './job-selection';

export interface TJobShortcuts {
  approve: (job: TSelectable | null) => void;
  assign: (job: TSelectable | null) => void;
  open: (job: TSelectable) => void;
  toggle: (job: TSelectable) => void;
  clear: () => void;
  help: () => void;
}

/** The shortcuts as the help dialog lists them. */
export const JOB_SHORTCUTS: { keys: string[]; does: string }[] = [
  { keys: ['j', '↓'], does: 'Next job' },
  { keys: ['k', '↑'], does: 'Previous job' },
  { keys: ['x'], does: 'Select or unselect the job' },
  { keys: ['a'], does: 'Approve the selected jobs (or this job)' },
  { keys: ['s'], does: 'Assign the selected jobs (or this job) to a driver' },
  { keys: ['o', 'Enter'], does: 'Open the job' },
  { keys: ['Esc'], does: 'Clear the selection' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

const jobOf = (el: HTMLElement): TSelectable => ({ id: el.dataset.jobId ?? '', orderId: el.dataset.orderId ?? '' });
// A phone shows one board column: the others' jobs are skipped (a browser without checkVisibility sees all).
const shown = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : true);

/**
 * The board's and the list's keys, for the jobs marked `data-job-id` under `root`: move between jobs, select, approve,
 * assign, open. Never while the user types in a field, holds Ctrl/Cmd/Alt, or a dialog is open (it has the keys).
 */
export function useJobShortcuts(root: RefObject<HTMLElement | null>, actions: TJobShortcuts) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (!root.current || document.querySelector('[role="dialog"]')) return;
      const jobs = [...root.current.querySelectorAll<HTMLElement>('[data-job-id]')].filter(shown);
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const card = active?.closest<HTMLElement>('[data-job-id]') ?? null;
      const onCard = card !== null && active === card;
      const current = card && root.current.contains(card) ? card : null;
      const go = (step: number) => {
        const at = current ? jobs.indexOf(current) : -1;
        const next = jobs[at < 0 ? (step > 0 ? 0 : jobs.length - 1) : Math.min(jobs.length - 1, Math.max(0, at + step))];
        next?.focus();
        next?.scrollIntoView?.({ block: 'nearest' });
      };
      const a = latest.current;
      const arrowsFree = onCard || active === document.body || active === null;
      let handled = true;
      switch (event.key) {
        case 'j':
          go(1);
          break;
        case 'k':
          go(-1);
          break;
        case 'ArrowDown':
          if (arrowsFree) go(1);
          else handled = false;
          break;
        case 'ArrowUp':
          if (arrowsFree) go(-1);
          else handled = false;
          break;
        case 'a':
          a.approve(current && jobOf(current));
          break;
        case 's':
          a.assign(current && jobOf(current));
          break;
        case 'o':
          if (current) a.open(jobOf(current));
          break;
        case 'Enter':
          // Enter on a link or button inside the job does its own thing.
          if (current && onCard) a.open(jobOf(current));
          else handled = false;
          break;
        case 'x':
          if (current) a.toggle(jobOf(current));
          break;
        case 'Escape':
          a.clear();
          break;
        case '?':
          a.help();
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [root]);
}
