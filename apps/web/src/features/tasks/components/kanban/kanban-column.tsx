import type { Column } from '@cairn/contracts/columns';
import { TASK_TITLE_MAX_LENGTH, type Task } from '@cairn/contracts/tasks';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CircleCheckBigIcon } from 'lucide-react';
import { useId } from 'react';
import { InlineAddForm } from '../../../../components/ui/inline-add-form';
import { cn } from '../../../../lib/cn';
import { ColumnMenu } from './column-menu';
import { KanbanCard } from './kanban-card';

export const columnDropId = (columnId: string) => `column:${columnId}`;

interface KanbanColumnProps {
  column: Column;
  columns: readonly Column[];
  tasks: readonly Task[];
  /** Completed tasks the periodical board leaves out of this column today. */
  hiddenCount: number;
  isShowingAllCompleted: boolean;
  onToggleShowAllCompleted?: () => void;
  onAddCard: (title: string) => void;
  isFirstColumn: boolean;
  /** A subtask's parent, when loaded, so the card says what it belongs to. */
  parentTitleOf: (task: Task) => string | undefined;
}

export function KanbanColumn({
  column,
  columns,
  tasks,
  hiddenCount,
  isShowingAllCompleted,
  onToggleShowAllCompleted,
  onAddCard,
  isFirstColumn,
  parentTitleOf,
}: KanbanColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({
    id: columnDropId(column.id),
    data: { type: 'column', columnId: column.id },
  });
  return (
    <section
      aria-label={`${column.name}, ${tasks.length} ${tasks.length === 1 ? 'card' : 'cards'}`}
      data-column-id={column.id}
      className={cn(
        'flex w-[min(18rem,85vw)] shrink-0 snap-start flex-col gap-2 rounded-xl border bg-muted/40 p-2',
        isOver && 'ring-2 ring-primary/40',
      )}
    >
      <header className="flex items-center gap-2 px-1 pt-1">
        <h2 id={headingId} className="flex min-w-0 flex-1 items-center gap-1.5 text-sm font-semibold">
          {column.isCompletion && <CircleCheckBigIcon className="size-4 shrink-0 text-primary" aria-hidden />}
          <span className="truncate">{column.name}</span>
        </h2>
        {column.isDefault && (
          <span className="rounded-full bg-background px-1.5 py-0.5 text-[11px] text-muted-foreground">
            Default
          </span>
        )}
        <span aria-hidden className="text-xs text-muted-foreground tabular-nums">
          {tasks.length}
        </span>
        <ColumnMenu column={column} columns={columns} />
      </header>
      {column.isCompletion && onToggleShowAllCompleted && (hiddenCount > 0 || isShowingAllCompleted) && (
        <button
          type="button"
          onClick={onToggleShowAllCompleted}
          aria-pressed={isShowingAllCompleted}
          className="mx-1 rounded-md px-2 py-1 text-left text-xs text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          {isShowingAllCompleted ? 'Show only today’s' : `Show all completed (${hiddenCount} earlier)`}
        </button>
      )}
      <SortableContext items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        <ul
          ref={setNodeRef}
          aria-labelledby={headingId}
          className="grid min-h-16 grid-cols-[minmax(0,1fr)] content-start gap-2"
        >
          {tasks.map((task) => (
            <KanbanCard key={task.id} task={task} columnId={column.id} parentTitle={parentTitleOf(task)} />
          ))}
          {tasks.length === 0 && (
            <li className="rounded-lg border border-dashed px-3 py-4 text-center text-xs text-muted-foreground">
              {column.isCompletion ? 'Drop a card here to complete it' : 'No cards'}
            </li>
          )}
        </ul>
      </SortableContext>
      <InlineAddForm
        label="Add card"
        placeholder="Card title, then Enter"
        onSubmit={onAddCard}
        maxLength={TASK_TITLE_MAX_LENGTH}
        shortcutTarget={isFirstColumn ? 'new-task' : undefined}
      />
    </section>
  );
}
