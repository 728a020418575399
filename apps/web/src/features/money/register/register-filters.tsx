import { ListFilterIcon, SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import type { RegisterFilters as Filters, RegisterOrder, RegisterSort } from '../page/money-search';
import type { MoneyTreeOption } from '../shared/money-tree';
import { TreeSelect } from '../shared/tree-select';

/** How long typing pauses before the search runs: each letter would otherwise be a request. */
export const REGISTER_SEARCH_DEBOUNCE_MS = 300;

const sortChoices: { value: `${RegisterSort}:${RegisterOrder}`; label: string }[] = [
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Largest first' },
  { value: 'amount:asc', label: 'Smallest first' },
  { value: 'createdAt:desc', label: 'Recently added' },
  { value: 'createdAt:asc', label: 'First added' },
];

const fieldClassName = 'grid gap-1 text-xs text-muted-foreground';

interface RegisterFiltersProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  accountOptions: readonly MoneyTreeOption[];
  categoryOptions: readonly MoneyTreeOption[];
}

/** The register's filters and sort; every choice lands in the URL. */
export function RegisterFilters({
  filters,
  onChange,
  accountOptions,
  categoryOptions,
}: RegisterFiltersProps) {
  const id = useId();
  const [text, setText] = useState(filters.q ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lastSent = useRef(filters.q);

  // A search changed elsewhere (a link, Back) shows in the box.
  useEffect(() => {
    if (filters.q !== lastSent.current) {
      lastSent.current = filters.q;
      setText(filters.q ?? '');
    }
  }, [filters.q]);

  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = q;
      onChangeRef.current({ q });
    }, REGISTER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const sort = `${filters.sort ?? 'date'}:${filters.order ?? 'desc'}`;
  const isFiltered = [
    filters.accountId,
    filters.categoryId,
    filters.type,
    filters.from,
    filters.to,
    filters.q,
  ].some((value) => value !== undefined);
  /** How many folded controls narrow the register, for the button that unfolds them on a phone. */
  const foldedCount = [filters.accountId, filters.categoryId, filters.type, filters.from, filters.to].filter(
    (value) => value !== undefined,
  ).length;
  const clear = () => {
    setText('');
    lastSent.current = undefined;
    onChange({
      accountId: undefined,
      categoryId: undefined,
      type: undefined,
      from: undefined,
      to: undefined,
      q: undefined,
    });
  };

  return (
    <search aria-label="Filter transactions" className="grid gap-2">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search notes
          </label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-q`}
            type="search"
            value={text}
            placeholder="Search notes"
            autoComplete="off"
            maxLength={200}
            className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text !== '') {
                event.preventDefault();
                setText('');
              }
            }}
          />
          {text !== '' && (
            <button
              type="button"
              onClick={() => setText('')}
              aria-label="Clear search"
              className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <XIcon className="size-4" aria-hidden />
            </button>
          )}
        </div>
        {/* On a phone the filters fold away, so the entry row and the rows start on the first screen. */}
        <Button
          variant="outline"
          className="sm:hidden"
          aria-expanded={isOpen}
          aria-controls={`${id}-filters`}
          onClick={() => setIsOpen((open) => !open)}
        >
          <ListFilterIcon aria-hidden />
          Filters{foldedCount > 0 && ` (${foldedCount})`}
        </Button>
      </div>
      <div
        id={`${id}-filters`}
        className={cn('grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end', isOpen ? 'grid' : 'hidden')}
      >
        <div className={fieldClassName}>
          <label htmlFor={`${id}-account`}>Account</label>
          <TreeSelect
            id={`${id}-account`}
            value={filters.accountId ?? ''}
            options={accountOptions}
            emptyLabel="All accounts"
            onChange={(event) => onChange({ accountId: event.target.value || undefined })}
            className="w-full sm:w-40"
          />
        </div>
        <div className={fieldClassName}>
          <label htmlFor={`${id}-category`}>Category</label>
          <TreeSelect
            id={`${id}-category`}
            value={filters.categoryId ?? ''}
            options={categoryOptions}
            emptyLabel="All categories"
            extraOptions={[{ value: 'none', label: 'Uncategorised' }]}
            onChange={(event) => onChange({ categoryId: event.target.value || undefined })}
            className="w-full sm:w-40"
          />
        </div>
        <div className={fieldClassName}>
          <label htmlFor={`${id}-type`}>Type</label>
          <NativeSelect
            id={`${id}-type`}
            value={filters.type ?? ''}
            onChange={(event) => onChange({ type: (event.target.value || undefined) as Filters['type'] })}
            className="w-full sm:w-32"
          >
            <option value="">All types</option>
            <option value="income">Income</option>
            <option value="expense">Expense</option>
            <option value="transfer">Transfer</option>
          </NativeSelect>
        </div>
        <div className={fieldClassName}>
          <label htmlFor={`${id}-sort`}>Sort</label>
          <NativeSelect
            id={`${id}-sort`}
            value={sort}
            onChange={(event) => {
              const [nextSort, nextOrder] = event.target.value.split(':') as [RegisterSort, RegisterOrder];
              // The default order is left out of the URL.
              const isDefault = nextSort === 'date' && nextOrder === 'desc';
              onChange({ sort: isDefault ? undefined : nextSort, order: isDefault ? undefined : nextOrder });
            }}
            className="w-full sm:w-36"
          >
            {sortChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={fieldClassName}>
          <label htmlFor={`${id}-from`}>From</label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
            className="h-9 sm:w-37"
          />
        </div>
        <div className={fieldClassName}>
          <label htmlFor={`${id}-to`}>To</label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
            className="h-9 sm:w-37"
          />
        </div>
        {isFiltered && (
          <Button variant="ghost" size="sm" onClick={clear} className="col-span-2 sm:col-span-1">
            <XIcon aria-hidden />
            Clear filters
          </Button>
        )}
      </div>
    </search>
  );
}
