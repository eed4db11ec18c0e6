import { MESSAGES } from '@courier/contract';
import clsx from 'clsx';
import { LoaderCircle, MapPin } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useAddressSuggestions } from '../api/get-address-suggestions';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const SUGGEST_DELAY_MS = 250;

interface TAddressComboboxProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  inputClassName: string;
}

/**
 * An address field with suggestions from the server's geocoder (ARIA combobox: arrows move, Enter picks,
 * Escape closes). Free typing always works; when suggestions fail it says 'Error loading maps' below.
 */
export function AddressCombobox({ id, value, onChange, onBlur, placeholder, invalid, describedBy, inputClassName }: TAddressComboboxProps) {
  const listId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  // Suggest only for what the user typed, not for a value that was prefilled or just picked.
  const [typed, setTyped] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(typed ? value : '', SUGGEST_DELAY_MS);
  const { data: suggestions = [], isError, isFetching } = useAddressSuggestions(debounced);
  const showList = open && typed && suggestions.length > 0 && debounced === value;

  const choose = (index: number) => {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    onChange(suggestion.description);
    setTyped(false);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const describers = [describedBy, isError ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="relative">
      <MapPin aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-slate-400" />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describers}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setTyped(true);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        className={clsx(inputClassName, 'pr-9 pl-10')}
      />
      {isFetching && typed && <LoaderCircle aria-hidden="true" className="absolute top-3 right-3 size-5 animate-spin text-slate-400" />}
      <div
        id={listId}
        role="listbox"
        aria-label="Address suggestions"
        hidden={!showList}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((s, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options
          <div
            key={`${s.description}|${s.lat},${s.lng}`}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            onMouseMove={() => index !== active && setActive(index)}
            className={clsx(
              'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
              index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-700',
            )}
          >
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span>{s.description}</span>
          </div>
        ))}
      </div>
      {isError && (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {MESSAGES.mapsErrorForm}
        </p>
      )}
    </div>
  );
}
