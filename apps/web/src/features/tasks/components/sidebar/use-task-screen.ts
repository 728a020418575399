import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { taskManagerConfigQueryOptions } from '../../api/get-task-manager-config';

export type TaskScreenPath = '/kanban' | '/classic-list' | '/importance-grid';
const taskScreenPaths: readonly TaskScreenPath[] = ['/kanban', '/classic-list', '/importance-grid'];

/**
 * Where a smart view or list in the sidebar leads: the task screen open now, so picking one filters what
 * the user is looking at; from elsewhere, their default view (the board when none is chosen).
 */
export function useTaskScreen(): { path: TaskScreenPath; isOnTaskScreen: boolean } {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const config = useQuery(taskManagerConfigQueryOptions());
  const current = taskScreenPaths.find((path) => path === pathname);
  const fallback: TaskScreenPath = config.data?.defaultView ? `/${config.data.defaultView}` : '/kanban';
  return {
    path: current ?? fallback,
    isOnTaskScreen: current !== undefined,
  };
}
