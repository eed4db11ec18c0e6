import { MESSAGES } from '@courier/contract';
import clsx from 'clsx';
import { BookmarkCheck, LoaderCircle, MapPin } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useAddressSuggestions } from '../api/get-address-suggestions';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const SUGGEST_DELAY_MS = 250;

/** An address-book entry offered above the gazetteer's suggestions; picking it may fill other fields too. */
export interface TSavedChoice {
  key: string;
  title: string;
  detail: string;
  onPick: () => void;
}

const matches = (choice: TSavedChoice, text: string) =>
  `${choice.title} ${choice.detail}`.toLowerCase().includes(text.trim().toLowerCase());

interface TAddressComboboxProps {
  /** The customer's saved entries, shown first (all on focus, then those matching what is typed). */
  saved?: TSavedChoice[];
  /** false: a plain field offering only the saved entries (the recipient's name). */
  gazetteer?: boolean;
  type?: 'text' | 'tel' | 'email';
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
export function AddressCombobox({
  id,
  value,
  onChange,
  onBlur,
  placeholder,
  invalid,
  describedBy,
  inputClassName,
  saved = [],
  gazetteer = true,
  type = 'text',
}: TAddressComboboxProps) {
  const listId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  // Suggest only for what the user typed, not for a value that was prefilled or just picked.
  const [typed, setTyped] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(typed ? value : '', SUGGEST_DELAY_MS);
  const { data: found = [], isError, isFetching } = useAddressSuggestions(gazetteer ? debounced : '');
  const savedShown = typed ? saved.filter((c) => matches(c, value)) : saved;
  const suggestions = typed && debounced === value ? found : [];
  const total = savedShown.length + suggestions.length;
  const showList = open && total > 0;

  const choose = (index: number) => {
    if (index < savedShown.length) savedShown[index].onPick();
    else {
      const suggestion = suggestions[index - savedShown.length];
      if (!suggestion) return;
      onChange(suggestion.description);
    }
    setTyped(false);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!total) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + total) % total);
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
      {gazetteer && <MapPin aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-slate-400" />}
      <input
        id={id}
        type={type}
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
        onFocus={() => saved.length > 0 && setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        className={clsx(inputClassName, gazetteer && 'pr-9 pl-10')}
      />
      {isFetching && typed && <LoaderCircle aria-hidden="true" className="absolute top-3 right-3 size-5 animate-spin text-slate-400" />}
      <div
        id={listId}
        role="listbox"
        aria-label={gazetteer ? 'Address suggestions' : 'Saved recipients'}
        hidden={!showList}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {savedShown.map((c, index) => (
          <Option
            key={c.key}
            id={`${listId}-${index}`}
            active={index === active}
            onPick={() => choose(index)}
            onHover={() => setActive(index)}
          >
            <BookmarkCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{c.title}</span>
              <span className="block truncate text-xs text-slate-500">{c.detail}</span>
            </span>
          </Option>
        ))}
        {suggestions.map((s, i) => {
          const index = savedShown.length + i;
          return (
            <Option
              key={`${s.description}|${s.lat},${s.lng}`}
              id={`${listId}-${index}`}
              active={index === active}
              onPick={() => choose(index)}
              onHover={() => setActive(index)}
              divided={i === 0 && savedShown.length > 0}
            >
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <span>{s.description}</span>
            </Option>
          );
        })}
      </div>
      {isError && (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {MESSAGES.mapsErrorForm}
        </p>
      )}
    </div>
  );
}

function Option({
  id,
  active,
  onPick,
  onHover,
  divided,
  children,
}: {
  id: string;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
  divided?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      onMouseMove={() => !active && onHover()}
      className={clsx(
        'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
        active ? 'bg-brand-50 text-brand-900' : 'text-slate-700',
        divided && 'border-t border-slate-100',
      )}
    >
      {children}
    </div>
  );
}
