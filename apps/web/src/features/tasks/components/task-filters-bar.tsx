import type { ListSummary } from '@cairn/contracts/lists';
import { levels, smartViews, taskStatuses } from '@cairn/contracts/tasks';
import { SearchIcon, XIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
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

/** The filters the task screens share; every choice lands in the URL. */
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
  const shows = (name: TaskFilterName) => !hidden.includes(name);

  // The URL wins when it changes from outside (a sidebar link, back and forward).
  useEffect(() => setText(search.q ?? ''), [search.q]);

  useEffect(() => {
    const query = text.trim() || undefined;
    if (query === search.q) return;
    const timer = window.setTimeout(() => onChange({ q: query }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search.q, onChange]);

  return (
    <search className="flex flex-wrap items-center gap-2" aria-label="Filter tasks">
      {shows('q') && (
        <div className="relative w-full sm:w-56">
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
          onChange={(event) => onChange({ importance: levels.find((level) => level === event.target.value) })}
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
    </search>
  );
}
