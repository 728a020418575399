import * as PopoverPrimitive from '@radix-ui/react-popover';
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import {
  type KeyboardEvent,
  useCallback,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra text matched by the search, not shown. */
  keywords?: string;
}

interface ComboboxProps {
  id?: string;
  value: string;
  options: readonly ComboboxOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  searchLabel: string;
  emptyText?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/** A searchable single choice among many options (currencies, time zones), fully keyboard driven. */
export function Combobox({
  id,
  value,
  options,
  onChange,
  placeholder = 'Select…',
  searchLabel,
  emptyText = 'No matches',
  disabled,
  ...aria
}: ComboboxProps) {
  const listboxId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    if (!needle) return options;
    return options.filter((option) =>
      `${option.label} ${option.value} ${option.keywords ?? ''}`.toLowerCase().includes(needle),
    );
  }, [options, deferredQuery]);

  const selected = options.find((option) => option.value === value);
  const activeOption = filtered[activeIndex];

  // Keeps the active option in view without scrolling the page around the popover. The list mounts a
  // render after opening (inside a portal), so it is also scrolled when it attaches.
  useLayoutEffect(() => {
    if (listRef.current) scrollActiveOptionIntoView(listRef.current);
  });
  const attachList = useCallback((list: HTMLDivElement | null) => {
    listRef.current = list;
    if (list) scrollActiveOptionIntoView(list, true);
  }, []);

  function open(nextOpen: boolean) {
    setIsOpen(nextOpen);
    if (nextOpen) {
      setQuery('');
      setActiveIndex(selected ? Math.max(0, options.indexOf(selected)) : 0);
    }
  }

  function choose(option: ComboboxOption | undefined) {
    if (!option) return;
    onChange(option.value);
    setIsOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = filtered.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      PageDown: Math.min(activeIndex + 10, last),
      PageUp: Math.max(activeIndex - 10, 0),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActiveIndex(Math.max(next, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(activeOption);
    }
  }

  return (
    <PopoverPrimitive.Root open={isOpen} onOpenChange={open}>
      <PopoverPrimitive.Trigger
        id={id}
        disabled={disabled}
        aria-haspopup="listbox"
        {...aria}
        className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-base outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm"
      >
        <span className={cn('truncate', !selected && 'text-muted-foreground')}>
          {selected?.label ?? (value || placeholder)}
        </span>
        <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-64 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <input
            role="combobox"
            aria-label={searchLabel}
            aria-expanded
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? `${listboxId}-${activeIndex}` : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onKeyDown}
            placeholder="Search…"
            className="mb-1 h-9 w-full rounded-sm border-b bg-transparent px-2 text-sm outline-none"
          />
          <div
            ref={attachList}
            id={listboxId}
            role="listbox"
            aria-label={searchLabel}
            className="relative max-h-64 overflow-y-auto"
          >
            {filtered.length === 0 && <p className="px-2 py-3 text-sm text-muted-foreground">{emptyText}</p>}
            {filtered.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection happens in the search input (aria-activedescendant)
              <div
                key={option.value}
                id={`${listboxId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={option.value === value}
                data-active={index === activeIndex}
                onClick={() => choose(option)}
                onMouseMove={() => setActiveIndex(index)}
                className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm data-[active=true]:bg-accent data-[active=true]:text-accent-foreground"
              >
                <CheckIcon
                  className={cn('size-4 shrink-0', option.value === value ? 'opacity-100' : 'opacity-0')}
                  aria-hidden
                />
                <span className="truncate">{option.label}</span>
              </div>
            ))}
          </div>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

function scrollActiveOptionIntoView(list: HTMLElement, isCentred = false) {
  const active = list.querySelector('[data-active="true"]');
  if (!(active instanceof HTMLElement)) return;
  if (isCentred) {
    list.scrollTop = active.offsetTop - (list.clientHeight - active.offsetHeight) / 2;
  } else if (active.offsetTop < list.scrollTop) {
    list.scrollTop = active.offsetTop;
  } else if (active.offsetTop + active.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = active.offsetTop + active.offsetHeight - list.clientHeight;
  }
}
