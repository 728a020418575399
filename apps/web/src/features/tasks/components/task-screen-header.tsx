import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Columns3Icon, Grid3x3Icon, ListIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { listsQueryOptions } from '../api/lists/get-lists';
import { TodayPlanBar } from '../today/today-plan-bar';
import { smartViewLabels } from '../utils/smart-view-labels';
import type { TaskFiltersSearch } from '../utils/task-search';
import { type TaskFilterName, TaskFiltersBar } from './task-filters-bar';

const screens: { to: '/kanban' | '/classic-list' | '/importance-grid'; label: string; icon: LucideIcon }[] = [
  { to: '/kanban', label: 'Kanban', icon: Columns3Icon },
  { to: '/classic-list', label: 'List', icon: ListIcon },
  { to: '/importance-grid', label: 'Grid', icon: Grid3x3Icon },
];

/** The filters that travel when switching between the three screens. */
export function sharedFilters(search: TaskFiltersSearch): TaskFiltersSearch {
  const { view, listId, urgency, importance, q } = search;
  return { view, listId, urgency, importance, q };
}

interface TaskScreenHeaderProps {
  title: string;
  search: TaskFiltersSearch;
  onSearchChange: (patch: Partial<TaskFiltersSearch>) => void;
  defaultStatus: 'open' | 'all';
  hiddenFilters?: readonly TaskFilterName[];
  /** Extra controls beside the filters (grouping, sort, selection). */
  children?: ReactNode;
}

/**
 * Title, the switch between board, list and grid (keeping the filters), Today's plan when the Today view
 * is on, and the filters.
 */
export function TaskScreenHeader({
  title,
  search,
  onSearchChange,
  defaultStatus,
  hiddenFilters,
  children,
}: TaskScreenHeaderProps) {
  const lists = useQuery(listsQueryOptions());
  const list = lists.data?.find((entry) => entry.id === search.listId);
  const scope = [search.view && smartViewLabels[search.view].label, list?.name].filter(Boolean).join(' · ');
  return (
    <header className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          {title}
          {scope && <span className="text-muted-foreground"> · {scope}</span>}
        </h1>
        <nav aria-label="Task views" className="flex rounded-lg border bg-muted/40 p-0.5">
          {screens.map((screen) => {
            const Icon = screen.icon;
            return (
              <Link
                key={screen.to}
                to={screen.to}
                search={sharedFilters(search)}
                className="flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-background data-[status=active]:text-foreground data-[status=active]:shadow-xs"
              >
                <Icon className="size-4" aria-hidden />
                {screen.label}
              </Link>
            );
          })}
        </nav>
      </div>
      {search.view === 'today' && <TodayPlanBar />}
      <TaskFiltersBar
        search={search}
        onChange={onSearchChange}
        lists={lists.data ?? []}
        defaultStatus={defaultStatus}
        hidden={hiddenFilters}
      >
        {children}
      </TaskFiltersBar>
    </header>
  );
}
