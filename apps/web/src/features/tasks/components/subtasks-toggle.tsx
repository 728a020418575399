import { GitBranchIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { BoardSearch } from '../utils/board-search';

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
