import type { ListSummary } from '@cairn/contracts/lists';
import { levels, smartViews, taskStatuses } from '@cairn/contracts/tasks';
import { ListFilterIcon, SearchIcon, XIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { smartViewLabels } from '../utils/smart-view-labels';
import { hasActiveFilters, type TaskFiltersSearch } from '../utils/task-search';
import { levelLabels } from './task-markers';

/** Two to a row on a phone, each as wide as its text from a tablet up. */
export const selectClassName = 'grow basis-[calc(50%-0.25rem)] sm:grow-0 sm:basis-auto';

const statusLabels = { open: 'Open', completed: 'Completed', all: 'Open and completed' } as const;
const SEARCH_DEBOUNCE_MS = 300;

export type TaskFilterName = 'view' | 'listId' | 'urgency' | 'importance' | 'status' | 'q';

interface TaskFiltersBarProps {
  search: TaskFiltersSearch;
  onChange: (patch: Partial<TaskFiltersSearch>) => void;
  lists: readonly ListSummary[];
  /** The status a screen shows when none is chosen. */
  defaultStatus: 'open' | 'all';
  /** Filters a screen does not offer (the grid's axes, the board's status). */
  hidden?: readonly TaskFilterName[];
  children?: ReactNode;
}

/**
 * The filters the task screens share; every choice lands in the URL. On a phone the search stays in view
 * and the other controls fold behind a "Filters" button, so the tasks start on the first screen; from a
 * tablet up everything shows in one wrapping row.
 */
export function TaskFiltersBar({
  search,
  onChange,
  lists,
  defaultStatus,
  hidden = [],
  children,
}: TaskFiltersBarProps) {
  const id = useId();
  const [text, setText] = useState(search.q ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const shows = (name: TaskFilterName) => !hidden.includes(name);

  // The URL wins when it changes from outside (a sidebar link, back and forward).
  useEffect(() => setText(search.q ?? ''), [search.q]);

  useEffect(() => {
    const query = text.trim() || undefined;
    if (query === search.q) return;
    const timer = window.setTimeout(() => onChange({ q: query }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search.q, onChange]);

  /** How many folded controls narrow the listing, for the button that unfolds them. */
  const chosenCount = [
    shows('view') && search.view,
    shows('listId') && search.listId,
    shows('urgency') && search.urgency,
    shows('importance') && search.importance,
    shows('status') && search.status !== undefined && search.status !== defaultStatus,
  ].filter(Boolean).length;

  return (
    <search
      className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center"
      aria-label="Filter tasks"
    >
      <div className="flex items-center gap-2 sm:contents">
        {shows('q') && (
          <div className="relative min-w-0 flex-1 sm:w-56 sm:flex-none">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <label htmlFor={`${id}-q`} className="sr-only">
              Search tasks
            </label>
            <Input
              id={`${id}-q`}
              type="search"
              data-shortcut-target="search"
              placeholder="Search tasks…"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') event.currentTarget.blur();
              }}
              className="h-9 pl-8"
            />
          </div>
        )}
        <Button
          variant={chosenCount > 0 ? 'secondary' : 'outline'}
          className="h-9 shrink-0 sm:hidden"
          aria-expanded={isOpen}
          aria-controls={`${id}-filters`}
          onClick={() => setIsOpen((open) => !open)}
        >
          <ListFilterIcon aria-hidden />
          Filters
          {chosenCount > 0 && <span className="tabular-nums">({chosenCount})</span>}
        </Button>
      </div>
      <div
        id={`${id}-filters`}
        className={cn('flex-wrap items-center gap-2 sm:contents', isOpen ? 'flex' : 'hidden')}
      >
        {shows('view') && (
          <NativeSelect
            className={selectClassName}
            aria-label="Smart view"
            value={search.view ?? ''}
            onChange={(event) => onChange({ view: smartViews.find((view) => view === event.target.value) })}
          >
            <option value="">Any view</option>
            {smartViews.map((view) => (
              <option key={view} value={view}>
                {smartViewLabels[view].label}
              </option>
            ))}
          </NativeSelect>
        )}
        {shows('listId') && (
          <NativeSelect
            className={selectClassName}
            aria-label="List"
            value={search.listId ?? ''}
            onChange={(event) => onChange({ listId: event.target.value || undefined })}
          >
            <option value="">Any list</option>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </NativeSelect>
        )}
        {shows('urgency') && (
          <NativeSelect
            className={selectClassName}
            aria-label="Urgency"
            value={search.urgency ?? ''}
            onChange={(event) => onChange({ urgency: levels.find((level) => level === event.target.value) })}
          >
            <option value="">Any urgency</option>
            {levels.map((level) => (
              <option key={level} value={level}>
                {levelLabels[level]} urgency
              </option>
            ))}
          </NativeSelect>
        )}
        {shows('importance') && (
          <NativeSelect
            className={selectClassName}
            aria-label="Importance"
            value={search.importance ?? ''}
            onChange={(event) =>
              onChange({ importance: levels.find((level) => level === event.target.value) })
            }
          >
            <option value="">Any importance</option>
            {levels.map((level) => (
              <option key={level} value={level}>
                {levelLabels[level]} importance
              </option>
            ))}
          </NativeSelect>
        )}
        {shows('status') && (
          <NativeSelect
            className={selectClassName}
            aria-label="Status"
            value={search.status ?? defaultStatus}
            onChange={(event) => {
              const status = taskStatuses.find((value) => value === event.target.value);
              onChange({ status: status === defaultStatus ? undefined : status });
            }}
          >
            {taskStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </NativeSelect>
        )}
        {hasActiveFilters(search) && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              onChange({
                view: undefined,
                listId: undefined,
                urgency: undefined,
                importance: undefined,
                q: undefined,
              })
            }
          >
            <XIcon aria-hidden />
            Clear filters
          </Button>
        )}
        {children}
      </div>
    </search>
  );
}
