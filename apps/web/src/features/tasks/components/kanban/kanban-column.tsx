import type { Column } from '@cairn/contracts/columns';
import { TASK_TITLE_MAX_LENGTH, type Task } from '@cairn/contracts/tasks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CircleCheckBigIcon } from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo } from 'react';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { useRevealInTurn } from '../../../../lib/use-reveal-in-turn';
import type { TaskListParams } from '../../api/task-keys';
import { groupListingQueryOptions } from '../../api/tasks/get-task-groups';
import { flattenTaskPages } from '../../api/tasks/task-cache';
import { QuickAddInput, type QuickAddTask } from '../../quick-add/quick-add-input';
import type { DragParts } from '../drag-layer/drag-parts';
import { ColumnMenu } from './column-menu';
import { KanbanCard } from './kanban-card';
import { VirtualCardList } from './virtual-card-list';

export const columnDropId = (columnId: string) => `column:${columnId}`;

/** A card with a one-line title and no markers; taller ones are measured as they render. */
const ESTIMATED_CARD_HEIGHT = 84;

interface KanbanColumnProps {
  column: Column;
  columns: readonly Column[];
  /** The listing this column shows and pages through. */
  listParams: TaskListParams;
  /** How many cards the column holds, as the board's groups request counted them. */
  groupTotal: number | undefined;
  /** While a card is dragged or its move is saved: the ids this column shows, in order. */
  pendingIds: readonly string[] | undefined;
  pendingTaskOf: (taskId: string) => Task | undefined;
  /** The card being dragged, kept in the page wherever the column is scrolled. */
  activeId: string | null;
  /** Completed tasks the periodical board leaves out of this column today. */
  hiddenCount: number;
  isShowingAllCompleted: boolean;
  onToggleShowAllCompleted?: () => void;
  onAddCard: (task: QuickAddTask) => void;
  isFirstColumn: boolean;
  /** Where the column stands on the board: each column renders its cards in a task of its own, in this order. */
  order: number;
  /** A subtask's parent, when loaded, so the card says what it belongs to. */
  parentTitleOf: (task: Task) => string | undefined;
  /** Dragging and dropping, static until the board's drag layer has loaded. */
  parts: DragParts;
  /** The board renders anew with its drag layer: the cards were on screen already, so no turns. */
  isRevealedAtOnce: boolean;
  /** Each column's scroll position by column id, kept across that new render. */
  scrollTops: Map<string, number>;
}

export function KanbanColumn({
  column,
  columns,
  listParams,
  groupTotal,
  pendingIds,
  pendingTaskOf,
  activeId,
  hiddenCount,
  isShowingAllCompleted,
  onToggleShowAllCompleted,
  onAddCard,
  isFirstColumn,
  order,
  parentTitleOf,
  parts,
  isRevealedAtOnce,
  scrollTops,
}: KanbanColumnProps) {
  const headingId = useId();
  // Each column renders its cards in a task of its own, after the board's frame, so opening a big board
  // is a series of short tasks instead of one long freeze.
  const isRevealed = useRevealInTurn(order, isRevealedAtOnce ? Number.POSITIVE_INFINITY : 0);
  const query = useInfiniteQuery(groupListingQueryOptions(listParams));
  const { fetchNextPage, refetch } = query;
  const loaded = useMemo(() => flattenTaskPages(query.data), [query.data]);
  const tasks = useMemo(
    () => (pendingIds ? pendingIds.flatMap((id) => pendingTaskOf(id) ?? []) : loaded),
    [pendingIds, pendingTaskOf, loaded],
  );
  const ids = useMemo(() => tasks.map((task) => task.id), [tasks]);
  // The server's count; once every card is loaded, what is loaded is the count.
  const total =
    query.data?.pages[0]?.total ?? (query.hasNextPage ? (groupTotal ?? loaded.length) : loaded.length);
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const renderBody = (setDropNode: (element: HTMLElement | null) => void): ReactNode => {
    if (query.isError && !query.data) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 px-1 py-2 text-xs">
          <span className="text-destructive">The cards could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    if (query.isPending || !isRevealed) {
      return (
        <p role="status" className="px-1 py-2 text-xs text-muted-foreground">
          Loading cards…
        </p>
      );
    }
    return (
      <parts.SortableArea items={ids}>
        <VirtualCardList
          items={tasks}
          keepMountedId={activeId}
          estimateCardHeight={ESTIMATED_CARD_HEIGHT}
          hasMore={query.hasNextPage}
          isLoadingMore={query.isFetchingNextPage}
          isLoadMoreError={query.isFetchNextPageError}
          onLoadMore={onLoadMore}
          listRef={setDropNode}
          scrollMemory={{ offsets: scrollTops, key: column.id }}
          listLabelledBy={headingId}
          className="max-h-[calc(100dvh-16rem)] min-h-16"
          renderCard={(task, slot) => (
            <KanbanCard
              key={task.id}
              task={task}
              columnId={column.id}
              parentTitle={parentTitleOf(task)}
              slot={slot}
              parts={parts}
            />
          )}
          empty={
            <li className="rounded-lg border border-dashed px-3 py-4 text-center text-xs text-muted-foreground">
              {column.isCompletion ? 'Drop a card here to complete it' : 'No cards'}
            </li>
          }
        />
      </parts.SortableArea>
    );
  };

  return (
    <parts.Droppable id={columnDropId(column.id)} data={{ type: 'column', columnId: column.id }}>
      {({ setNodeRef, isOver }) => (
        <section
          aria-label={`${column.name}, ${total} ${total === 1 ? 'card' : 'cards'}`}
          data-column-id={column.id}
          className={cn(
            'flex w-[min(18rem,85vw)] shrink-0 snap-start flex-col gap-2 rounded-xl border bg-muted/40 p-2',
            isOver && 'ring-2 ring-primary/40',
          )}
        >
          <header className="flex items-center gap-2 px-1 pt-1">
            <h2 id={headingId} className="flex min-w-0 flex-1 items-center gap-1.5 text-sm font-semibold">
              {column.isCompletion && (
                <CircleCheckBigIcon className="size-4 shrink-0 text-primary" aria-hidden />
              )}
              <span className="truncate">{column.name}</span>
            </h2>
            {column.isDefault && (
              <span className="rounded-full bg-background px-1.5 py-0.5 text-[11px] text-muted-foreground">
                Default
              </span>
            )}
            <span aria-hidden className="text-xs text-muted-foreground tabular-nums">
              {total}
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
          {renderBody(setNodeRef)}
          <QuickAddInput
            label="Add card"
            placeholder="Card title, then Enter"
            onSubmit={onAddCard}
            maxLength={TASK_TITLE_MAX_LENGTH}
            shortcutTarget={isFirstColumn ? 'new-task' : undefined}
          />
        </section>
      )}
    </parts.Droppable>
  );
}
