import type { TaskDetail } from '@cairn/contracts/tasks';
import { Link } from '@tanstack/react-router';
import { ChevronRightIcon } from 'lucide-react';

/** The chain of parents from the top-level task down, each one a link; shown for subtasks only. */
export function TaskBreadcrumbs({ task }: { task: Pick<TaskDetail, 'title' | 'breadcrumbs'> }) {
  if (task.breadcrumbs.length === 0) return null;
  return (
    <nav aria-label="Parent tasks">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {task.breadcrumbs.map((ancestor) => (
          <li key={ancestor.id} className="flex min-w-0 items-center gap-1">
            <Link
              to="/tasks/$taskId"
              params={{ taskId: ancestor.id }}
              className="max-w-56 truncate rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {ancestor.title}
            </Link>
            <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden />
          </li>
        ))}
        <li aria-current="page" className="min-w-0 max-w-56 truncate text-foreground">
          {task.title}
        </li>
      </ol>
    </nav>
  );
}
