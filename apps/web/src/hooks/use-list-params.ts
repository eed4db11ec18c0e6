import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list's page, filters and sort, kept in the URL (as My Deliveries does) so a list can be bookmarked,
 * shared, reloaded and left with Back. Empty values and page 1 stay out of the URL.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const read = (key: string) => params.get(key) ?? '';
  const set = (changes: Record<string, string>) => {
    // Turning a page is a step Back can undo; changing a filter replaces the entry.
    const isPageTurn = Object.keys(changes).length === 1 && 'page' in changes;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && !(key === 'page' && value === '1')) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts at its first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: !isPageTurn },
    );
  };
  const page = Math.max(1, Math.floor(Number(read('page'))) || 1);
  const setPage = (next: number) => set({ page: String(next) });
  return { read, set, page, setPage };
}

export type TListParams = ReturnType<typeof useListParams>;

/**
 * A typed filter: the box shows what is typed at once, the URL gets it once typing settles (300 ms), and
 * Back or a link that changes the URL changes the box.
 */
export function useTypedFilter(list: TListParams, key: string): [string, (text: string) => void] {
  const value = list.read(key);
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text writes the URL
  useEffect(() => {
    if (settled !== value) list.set({ [key]: settled });
  }, [settled]);
  useEffect(() => setText((t) => (t.trim() === value ? t : value)), [value]);
  return [text, setText];
}
