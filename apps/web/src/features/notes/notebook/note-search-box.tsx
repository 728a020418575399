import { LoaderCircleIcon, SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '../../../components/ui/input';

/** How long typing pauses before the search runs: each letter would otherwise be a request. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The notebook's search box: results follow the typing after a short pause, Escape clears it. The URL
 * holds the search (`value`); the box keeps what is typed meanwhile.
 */
export function NoteSearchBox({
  value,
  isSearching,
  onSearch,
}: {
  value: string | undefined;
  isSearching: boolean;
  onSearch: (q: string | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const lastSent = useRef(value);
  const inputRef = useRef<HTMLInputElement>(null);

  // "/" jumps to the search from anywhere in the notebook but a field being typed in, as in most note apps.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      const target = event.target as HTMLElement | null;
      if (
        target?.closest(
          'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="alertdialog"], [role="menu"]',
        )
      )
        return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // A search changed elsewhere (a link, Back) shows in the box.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value ?? '');
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = q;
      onSearchRef.current(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const clear = () => {
    setText('');
    lastSent.current = undefined;
    onSearch(undefined);
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search notes
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        ref={inputRef}
        id={id}
        type="search"
        aria-keyshortcuts="/"
        value={text}
        placeholder="Search notes"
        autoComplete="off"
        maxLength={200}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            event.stopPropagation();
            clear();
          }
        }}
      />
      {isSearching ? (
        <LoaderCircleIcon
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          aria-label="Searching"
        />
      ) : (
        text !== '' && (
          <button
            type="button"
            onClick={clear}
            aria-label="Clear search"
            className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="size-4" aria-hidden />
          </button>
        )
      )}
    </div>
  );
}
