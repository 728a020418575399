import type { SmartView } from '@cairn/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { smartViewCountsQueryOptions } from '../../api/smart-views/get-smart-view-counts';
import { sidebarSmartViews, smartViewLabels } from '../../utils/smart-view-labels';
import { SidebarHeading, sidebarLinkClassName } from './sidebar-parts';
import { useTaskScreen } from './use-task-screen';

/** The smart views with their open counts; choosing one filters the task screen in view. */
export function SmartViewsNav({ onNavigate }: { onNavigate?: () => void }) {
  const counts = useQuery(smartViewCountsQueryOptions());
  const screen = useTaskScreen();
  return (
    <nav aria-labelledby="smart-views-heading" className="grid gap-1">
      <SidebarHeading id="smart-views-heading">Smart views</SidebarHeading>
      <ul className="grid gap-0.5">
        {sidebarSmartViews.map((view: SmartView) => {
          const { label, icon: Icon } = smartViewLabels[view];
          const open = counts.data?.[view]?.open;
          return (
            <li key={view}>
              <Link
                to={screen.path}
                search={(previous: Record<string, unknown>) => ({
                  ...(screen.isOnTaskScreen ? previous : {}),
                  view,
                })}
                onClick={onNavigate}
                activeOptions={{ exact: true, includeSearch: true }}
                className={sidebarLinkClassName}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{label}</span>
                {open !== undefined && open > 0 && (
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {open}
                    <span className="sr-only"> open</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
