import type { TaskTreeNode } from '@cairn/contracts/tasks';
import {
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { CheckCircle2Icon, ChevronRightIcon, CircleIcon, GripVerticalIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toasts';
import { type ReparentTaskVariables, useReparentTaskMutation } from '../api/trees/reparent-task';
import { ArchivedBadge } from '../task-page/archived-badge';
import {
  collectParentIds,
  type DropPosition,
  type FlatTreeRow,
  findNode,
  findParentId,
  flattenTree,
  getDropPosition,
  isDescendant,
  neighbourPlacement,
  resolveDrop,
  siblingIdsAfterMove,
  type TreePlacement,
} from './tree-model';

interface TaskTreeProps {
  forest: readonly TaskTreeNode[];
  label: string;
  /** The task tree's root is the task itself: it stays in place and everything stays below it. */
  lockedRootId?: string;
  formatDueDate: (dueDate: Date, options: { hasTime: boolean }) => string;
}

interface DropTarget {
  overId: string;
  position: DropPosition;
}

const CYCLE_MESSAGE = 'A task cannot be placed under itself or one of its own subtasks';

/**
 * A collapsible tree of tasks (the WAI-ARIA tree pattern): arrow keys move through it and open or close
 * branches, Enter opens a task. Dragging a row onto another makes it a subtask, between rows reorders;
 * from the keyboard, Alt with the arrow keys does the same.
 */
export function TaskTree({ forest, label, lockedRootId, formatDueDate }: TaskTreeProps) {
  const navigate = useNavigate();
  const reparent = useReparentTaskMutation();
  const [collapsedIds, setCollapsedIds] = useState<ReadonlySet<string>>(new Set());
  const [focusedId, setFocusedId] = useState<string | undefined>();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const rowRefs = useRef(new Map<string, HTMLDivElement>());
  const isKeyboardFocusRef = useRef(false);

  const rows = useMemo(() => flattenTree(forest, collapsedIds), [forest, collapsedIds]);
  const currentId = rows.some((row) => row.node.id === focusedId) ? focusedId : rows[0]?.node.id;
  // A press and hold starts a drag on touch screens, so a swipe over the tree still scrolls the page.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
  );

  useEffect(() => {
    if (isKeyboardFocusRef.current && currentId) rowRefs.current.get(currentId)?.focus();
    isKeyboardFocusRef.current = false;
  });

  function focusRow(id: string | undefined) {
    if (!id) return;
    isKeyboardFocusRef.current = true;
    setFocusedId(id);
  }

  function setExpanded(id: string, isExpanded: boolean) {
    setCollapsedIds((previous) => {
      const next = new Set(previous);
      if (isExpanded) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function titleOf(id: string | null) {
    return id ? `“${findNode(forest, id)?.title ?? 'the task'}”` : 'the top level';
  }

  function move(movedId: string, placement: TreePlacement) {
    const variables: ReparentTaskVariables = {
      taskId: movedId,
      ...placement,
      placement: neighbourPlacement(siblingIdsAfterMove(forest, movedId, placement), movedId),
    };
    if (placement.parentId) setExpanded(placement.parentId, true);
    reparent.mutate(variables);
    setAnnouncement(
      `${titleOf(movedId)} moved ${placement.parentId ? `under ${titleOf(placement.parentId)}` : 'to the top level'}, position ${placement.index + 1}.`,
    );
  }

  function applyDrop(movedId: string, target: DropTarget) {
    const overRow = rows.find((row) => row.node.id === target.overId);
    const result = resolveDrop(forest, {
      activeId: movedId,
      overId: target.overId,
      position: target.overId === lockedRootId ? 'inside' : target.position,
      isOverExpanded: overRow?.isExpanded ?? false,
    });
    if (result.kind === 'cycle') toast.error(CYCLE_MESSAGE, { id: CYCLE_MESSAGE });
    else if (result.kind === 'move') move(movedId, result.placement);
  }

  /** Alt+arrows: up and down among siblings, right under the task above, left out of the parent. */
  function moveWithKeyboard(row: FlatTreeRow, key: string): boolean {
    const id = row.node.id;
    if (id === lockedRootId) return false;
    const siblings = row.parentId === null ? forest : (findNode(forest, row.parentId)?.children ?? []);
    if (key === 'ArrowUp' && row.index > 0) {
      move(id, { parentId: row.parentId, index: row.index - 1 });
    } else if (key === 'ArrowDown' && row.index < siblings.length - 1) {
      move(id, { parentId: row.parentId, index: row.index + 1 });
    } else if (key === 'ArrowRight' && row.index > 0) {
      const newParent = siblings[row.index - 1] as TaskTreeNode;
      move(id, { parentId: newParent.id, index: newParent.children.length });
    } else if (key === 'ArrowLeft' && row.parentId !== null && row.parentId !== lockedRootId) {
      const grandparentId = findParentId(forest, row.parentId) ?? null;
      const parentSiblings =
        grandparentId === null ? forest : (findNode(forest, grandparentId)?.children ?? []);
      const parentIndex = parentSiblings.findIndex((node) => node.id === row.parentId);
      move(id, { parentId: grandparentId, index: parentIndex + 1 });
    } else {
      return false;
    }
    focusRow(id);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, row: FlatTreeRow, rowIndex: number) {
    const { key } = event;
    if (event.altKey) {
      if (moveWithKeyboard(row, key)) event.preventDefault();
      return;
    }
    const parentRow = rows.find((candidate) => candidate.node.id === row.parentId);
    const actions: Record<string, () => void> = {
      ArrowDown: () => focusRow(rows[rowIndex + 1]?.node.id),
      ArrowUp: () => focusRow(rows[rowIndex - 1]?.node.id),
      Home: () => focusRow(rows[0]?.node.id),
      End: () => focusRow(rows.at(-1)?.node.id),
      ArrowRight: () => {
        if (row.hasChildren && !row.isExpanded) setExpanded(row.node.id, true);
        else if (row.isExpanded) focusRow(rows[rowIndex + 1]?.node.id);
      },
      ArrowLeft: () => {
        if (row.isExpanded) setExpanded(row.node.id, false);
        else focusRow(parentRow?.node.id);
      },
      '*': () => {
        for (const sibling of rows.filter((candidate) => candidate.parentId === row.parentId)) {
          if (sibling.hasChildren) setExpanded(sibling.node.id, true);
        }
      },
      Enter: () => void navigate({ to: '/tasks/$taskId', params: { taskId: row.node.id } }),
    };
    const action = actions[key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  function targetFrom(event: DragMoveEvent): DropTarget | null {
    const { over, activatorEvent, delta } = event;
    if (!over) return null;
    return {
      overId: String(over.id),
      position: getDropPosition(startYOf(activatorEvent) + delta.y, over.rect),
    };
  }

  function onDragStart(event: DragStartEvent) {
    setActiveId(String(event.active.id));
    setDropTarget(null);
  }

  function onDragMove(event: DragMoveEvent) {
    const next = targetFrom(event);
    setDropTarget((previous) =>
      previous?.overId === next?.overId && previous?.position === next?.position ? previous : next,
    );
  }

  function onDragEnd(event: DragEndEvent) {
    const target = targetFrom(event);
    setActiveId(null);
    setDropTarget(null);
    if (target) applyDrop(String(event.active.id), target);
  }

  const activeNode = activeId ? findNode(forest, activeId) : undefined;

  return (
    <>
      <div className="mb-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setCollapsedIds(new Set())}
          className="rounded-md px-2 py-1 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          Expand all
        </button>
        <button
          type="button"
          onClick={() =>
            setCollapsedIds(new Set(collectParentIds(forest).filter((id) => id !== lockedRootId)))
          }
          className="rounded-md px-2 py-1 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          Collapse all
        </button>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={onDragStart}
        onDragMove={onDragMove}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setActiveId(null);
          setDropTarget(null);
        }}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${titleOf(String(active.id))}.`,
            onDragOver: ({ over }) => (over ? `Over ${titleOf(String(over.id))}.` : undefined),
            onDragEnd: ({ active }) => `Dropped ${titleOf(String(active.id))}.`,
            onDragCancel: ({ active }) => `Moving ${titleOf(String(active.id))} was cancelled.`,
          },
        }}
      >
        <div
          role="tree"
          aria-label={label}
          className="grid grid-cols-[minmax(0,1fr)] rounded-lg border bg-card p-1.5"
        >
          {rows.map((row, rowIndex) => (
            <TreeRow
              key={row.node.id}
              row={row}
              isFocusable={row.node.id === currentId}
              isLocked={row.node.id === lockedRootId}
              isDragSource={activeId === row.node.id}
              isInvalidTarget={activeId !== null && isDescendant(forest, activeId, row.node.id)}
              dropPosition={
                dropTarget?.overId === row.node.id && activeId !== row.node.id ? dropTarget.position : null
              }
              lockedRootId={lockedRootId}
              formatDueDate={formatDueDate}
              refCallback={(element) => {
                if (element) rowRefs.current.set(row.node.id, element);
                else rowRefs.current.delete(row.node.id);
              }}
              onFocus={() => setFocusedId(row.node.id)}
              onKeyDown={(event) => onKeyDown(event, row, rowIndex)}
              onToggle={() => setExpanded(row.node.id, !row.isExpanded)}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {activeNode && (
            <div className="flex items-center gap-2 rounded-md border bg-popover px-3 py-2 text-sm shadow-lg">
              <GripVerticalIcon className="size-4 text-muted-foreground" aria-hidden />
              {activeNode.title}
            </div>
          )}
        </DragOverlay>
      </DndContext>
      <p className="mt-3 text-xs text-muted-foreground">
        Drag a task onto another to make it a subtask, or between two to reorder. With the keyboard: arrow
        keys move and open branches, Enter opens a task, Alt+↑/↓ reorders, Alt+→ nests under the task above,
        Alt+← moves out a level.
      </p>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </>
  );
}

/** Where the pointer or finger was when the drag began; dnd-kit reports only the distance since. */
function startYOf(event: Event | null): number {
  if (event instanceof MouseEvent) return event.clientY;
  if (typeof TouchEvent !== 'undefined' && event instanceof TouchEvent) return event.touches[0]?.clientY ?? 0;
  return 0;
}

interface TreeRowProps {
  row: FlatTreeRow;
  isFocusable: boolean;
  isLocked: boolean;
  isDragSource: boolean;
  isInvalidTarget: boolean;
  dropPosition: DropPosition | null;
  lockedRootId: string | undefined;
  formatDueDate: (dueDate: Date, options: { hasTime: boolean }) => string;
  refCallback: (element: HTMLDivElement | null) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onToggle: () => void;
}

function TreeRow({
  row,
  isFocusable,
  isLocked,
  isDragSource,
  isInvalidTarget,
  dropPosition,
  lockedRootId,
  formatDueDate,
  refCallback,
  onFocus,
  onKeyDown,
  onToggle,
}: TreeRowProps) {
  const { node } = row;
  const draggable = useDraggable({ id: node.id, disabled: isLocked });
  const droppable = useDroppable({ id: node.id, disabled: isDragSource || isInvalidTarget });
  const isCompleted = node.completedAt !== null;
  // Archived tasks keep their place in the tree (their subtasks hang below them), set apart as put away.
  const isArchived = node.archivedAt !== null;
  const shownPosition = node.id === lockedRootId && dropPosition ? 'inside' : dropPosition;

  return (
    <div
      ref={(element) => {
        draggable.setNodeRef(element);
        droppable.setNodeRef(element);
        refCallback(element);
      }}
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.siblingCount}
      aria-posinset={row.index + 1}
      aria-expanded={row.hasChildren ? row.isExpanded : undefined}
      aria-label={`${node.title}${isCompleted ? ', completed' : ''}${isArchived ? ', archived' : ''}`}
      tabIndex={isFocusable ? 0 : -1}
      {...draggable.listeners}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus();
      }}
      onKeyDown={onKeyDown}
      data-drop={shownPosition ?? undefined}
      className={cn(
        'relative flex min-h-10 select-none items-center gap-1 rounded-md pr-2 outline-none focus-visible:ring-2 focus-visible:ring-ring',
        !isLocked && 'cursor-grab',
        isDragSource && 'opacity-40',
        isInvalidTarget && 'opacity-60',
        shownPosition === 'inside' && 'bg-accent ring-2 ring-primary',
        'before:pointer-events-none before:absolute before:left-(--indent) before:right-2 before:h-0.5 before:rounded-full before:bg-primary',
        shownPosition === 'before'
          ? 'before:top-0 before:block'
          : shownPosition === 'after'
            ? 'before:bottom-0 before:block'
            : 'before:hidden',
      )}
      style={{
        paddingLeft: `${(row.level - 1) * 1.5 + 0.25}rem`,
        ['--indent' as string]: `${(row.level - 1) * 1.5 + 2}rem`,
      }}
    >
      {row.hasChildren ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          onClick={onToggle}
          onMouseDown={(event) => event.stopPropagation()}
          onTouchStart={(event) => event.stopPropagation()}
          className="flex size-7 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <ChevronRightIcon className={cn('size-4 transition-transform', row.isExpanded && 'rotate-90')} />
        </button>
      ) : (
        <span className="size-7 shrink-0" aria-hidden />
      )}
      {isCompleted ? (
        <CheckCircle2Icon className="size-4 shrink-0 text-primary" aria-hidden />
      ) : (
        <CircleIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      )}
      <Link
        to="/tasks/$taskId"
        params={{ taskId: node.id }}
        tabIndex={-1}
        draggable={false}
        className={cn(
          'min-w-0 flex-1 truncate rounded px-1.5 py-1 text-sm hover:underline',
          row.level === 1 && 'font-medium',
          (isCompleted || isArchived) && 'text-muted-foreground',
          isCompleted && 'line-through',
        )}
      >
        {node.title}
      </Link>
      {isArchived && <ArchivedBadge />}
      {node.dueDate && (
        <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
          {formatDueDate(node.dueDate, { hasTime: node.dueDateHasTime })}
        </span>
      )}
      {row.hasChildren && !row.isExpanded && (
        <span className="shrink-0 rounded-full bg-muted px-1.5 text-xs text-muted-foreground">
          {node.children.length}
        </span>
      )}
      {!isLocked && <GripVerticalIcon className="size-4 shrink-0 text-muted-foreground/60" aria-hidden />}
    </div>
  );
}
