import { GitBranchIcon } from 'lucide-react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { taskFiltersSearchSchema } from '../utils/task-search';

/**
 * The board and the grid show top-level tasks, each with its subtask count; `subtasks` in the URL shows
 * the subtasks as cards of their own as well.
 */
export const boardSearchSchema = taskFiltersSearchSchema.extend({
  subtasks: z.boolean().optional().catch(undefined),
});
export type BoardSearch = z.infer<typeof boardSearchSchema>;

/** The listing's parent filter: only top-level tasks unless subtasks are asked for. */
export function toParentFilter(search: BoardSearch): { parentId?: 'none' } {
  return search.subtasks ? {} : { parentId: 'none' };
}

export function SubtasksToggle({
  search,
  onSearchChange,
}: {
  search: BoardSearch;
  onSearchChange: (patch: Partial<BoardSearch>) => void;
}) {
  const isShowing = search.subtasks === true;
  return (
    <Button
      variant={isShowing ? 'secondary' : 'outline'}
      size="sm"
      className="h-9"
      aria-pressed={isShowing}
      onClick={() => onSearchChange({ subtasks: isShowing ? undefined : true })}
    >
      <GitBranchIcon aria-hidden />
      Show subtasks
    </Button>
  );
}
