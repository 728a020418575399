import { Link } from '@tanstack/react-router';
import { CalendarDaysIcon, ChartColumnIcon, type LucideIcon, TableIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { WorklogListSearch } from '../utils/worklogs-search';

export type WorklogsView = 'week' | 'list' | 'reports';

const views: readonly { view: WorklogsView; label: string; icon: LucideIcon }[] = [
  { view: 'week', label: 'Week', icon: CalendarDaysIcon },
  { view: 'list', label: 'List', icon: TableIcon },
  { view: 'reports', label: 'Reports', icon: ChartColumnIcon },
];

const linkClassName =
  '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';

/**
 * The three views of the work log, as links: each has its own address to bookmark and go back to.
 * Between the list and the reports, the filters (range, project) come along.
 */
export function WorklogsNav({
  current,
  listSearch = {},
}: {
  current: WorklogsView;
  listSearch?: WorklogListSearch;
}) {
  return (
    <nav
      aria-label="Work log views"
      className="-mx-4 overflow-x-auto border-b px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
    >
      <ul className="flex gap-1">
        {views.map(({ view, label, icon: Icon }) => {
          const isCurrent = view === current;
          const className = cn(
            linkClassName,
            isCurrent
              ? 'border-primary text-foreground'
              : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
          );
          const content = (
            <>
              <Icon className="size-4" aria-hidden />
              {label}
            </>
          );
          return (
            <li key={view}>
              {view === 'week' ? (
                <Link to="/worklogs" className={className} aria-current={isCurrent ? 'page' : undefined}>
                  {content}
                </Link>
              ) : (
                <Link
                  to="/worklogs/list"
                  search={{ ...listSearch, tab: view === 'reports' ? 'reports' : undefined }}
                  className={className}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
