/** The jobs chosen for a bulk move: id -> tracking number (for the result's words), in the order chosen. */
export type TSelection = ReadonlyMap<string, string>;

export interface TSelectable {
  id: string;
  orderId: string;
}

/**
 * A click on a job's box: alone it flips that job; with Shift it sets every job between the last one clicked
 * (the anchor) and this one, in the order the list shows them, to this job's new state.
 */
export function clickSelection(
  selected: TSelection,
  order: TSelectable[],
  target: TSelectable,
  anchorId: string | null,
  shift: boolean,
): Map<string, string> {
  const next = new Map(selected);
  const on = !selected.has(target.id);
  const from = shift && anchorId ? order.findIndex((j) => j.id === anchorId) : -1;
  const to = order.findIndex((j) => j.id === target.id);
  const range = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [target];
  for (const j of range) {
    if (on) next.set(j.id, j.orderId);
    else next.delete(j.id);
  }
  return next;
}

/** "Select all on page": all of them chosen unless they all are, then none of them. */
export function togglePage(selected: TSelection, page: TSelectable[]): Map<string, string> {
  const next = new Map(selected);
  const all = page.length > 0 && page.every((j) => selected.has(j.id));
  for (const j of page) {
    if (all) next.delete(j.id);
    else next.set(j.id, j.orderId);
  }
  return next;
}

/** Whether a key press is the user typing (or a control's own key), so a shortcut must not fire. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}
