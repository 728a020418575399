import type { ListSummary } from '@cairn/contracts/lists';
import { TASK_TITLE_MAX_LENGTH, type Task } from '@cairn/contracts/tasks';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, type MouseEvent, memo, useState } from 'react';
import { cn } from '../../../../lib/cn';
import { useUpdateTaskMutation } from '../../api/tasks/update-task';
import { CompleteTaskCheckbox } from '../complete-task-checkbox';
import { SubtaskOf } from '../subtask-of';
import { TaskMarkers } from '../task-markers';
import { TaskQuickMenu } from '../task-quick-menu/task-quick-menu';

interface TaskRowProps {
  task: Task;
  /** Shown when the list is not grouped by list. */
  list?: Pick<ListSummary, 'name' | 'color'>;
  parentTitle?: string | undefined;
  isSelecting: boolean;
  isSelected: boolean;
  /** Absent when bulk changes are turned off. */
  onSelect?: ((task: Task, event: { shiftKey: boolean }) => void) | undefined;
}

/**
 * One task in the classic list: tick, title (opens the task), facts, and the quick menu. Rename from the
 * menu, or with F2 while anything in the row has the focus. Memoised: scrolling re-renders the list, and
 * a row whose task and state did not change need not render again.
 */
export const TaskRow = memo(function TaskRow({
  task,
  list,
  parentTitle,
  isSelecting,
  isSelected,
  onSelect,
}: TaskRowProps) {
  const [isEditing, setIsEditing] = useState(false);
  const isCompleted = task.completedAt !== null;

  function onRowClick(event: MouseEvent<HTMLDivElement>) {
    // Shift- or Ctrl/⌘-click on the row selects, as in a file manager; controls handle their own clicks.
    if (!onSelect || event.target !== event.currentTarget) return;
    if (isSelecting || event.shiftKey || event.ctrlKey || event.metaKey) {
      onSelect(task, { shiftKey: event.shiftKey });
    }
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'F2' || isEditing) return;
    event.preventDefault();
    setIsEditing(true);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcut for selection, F2 from the row's controls
    <div
      data-task-id={task.id}
      onClick={onRowClick}
      onKeyDown={onRowKeyDown}
      className={cn(
        'group flex min-h-12 items-start gap-3 border-b px-2 py-2.5 transition-colors hover:bg-muted/50 sm:px-3',
        isSelected && 'bg-accent/60 hover:bg-accent/70',
      )}
    >
      {isSelecting && onSelect && (
        <input
          type="checkbox"
          checked={isSelected}
          aria-label={`Select “${task.title}”`}
          onClick={(event) => {
            // Not preventDefault: a controlled checkbox whose click is cancelled keeps showing the old
            // state after React has rendered the new one.
            event.stopPropagation();
            onSelect(task, { shiftKey: event.shiftKey });
          }}
          readOnly
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
      )}
      <CompleteTaskCheckbox task={task} className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-1">
        {isEditing ? (
          <TitleEditor task={task} onDone={() => setIsEditing(false)} />
        ) : (
          <Link
            to="/tasks/$taskId"
            params={{ taskId: task.id }}
            // The keyboard's focus passes along the rows to tick, rename (F2) or open the menu; it is no
            // sign the task will be opened, so only hovering preloads its page. (A handler that prevents
            // the default stops the router's own.)
            onFocus={(event) => event.preventDefault()}
            onClick={(event) => {
              // While selecting (or with Shift, as in a file manager) a click picks the row instead.
              if (onSelect && (isSelecting || event.shiftKey)) {
                event.preventDefault();
                onSelect(task, { shiftKey: event.shiftKey });
              }
            }}
            className={cn(
              'min-w-0 rounded-sm text-left text-sm wrap-anywhere outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
              isCompleted && 'text-muted-foreground line-through',
            )}
          >
            {task.title}
          </Link>
        )}
        {parentTitle && <SubtaskOf title={parentTitle} />}
        {(list || hasMarkers(task)) && (
          <div className="flex flex-wrap items-center gap-1.5">
            {list && (
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <span
                  aria-hidden
                  className="size-2 rounded-full bg-muted-foreground/40"
                  style={list.color ? { backgroundColor: list.color } : undefined}
                />
                {list.name}
              </span>
            )}
            <TaskMarkers task={task} />
          </div>
        )}
      </div>
      <div className="flex shrink-0 items-center sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 has-[[data-state=open]]:opacity-100">
        <TaskQuickMenu task={task} onRename={() => setIsEditing(true)} className="size-8" />
      </div>
    </div>
  );
});

function hasMarkers(task: Task) {
  return (
    task.dueDate !== null ||
    (Boolean(task.remindAt) && !task.completedAt) ||
    task.urgency !== 'medium' ||
    task.importance !== 'medium' ||
    task.checklistProgress.total > 0 ||
    task.childrenCount > 0
  );
}

function TitleEditor({ task, onDone }: { task: Task; onDone: () => void }) {
  const [title, setTitle] = useState(task.title);
  const update = useUpdateTaskMutation();

  function save() {
    const trimmed = title.trim();
    if (trimmed && trimmed !== task.title) update.mutate({ taskId: task.id, body: { title: trimmed } });
    onDone();
  }

  return (
    <input
      // Opened by the user's own click or key press, so the focus is expected here.
      // biome-ignore lint/a11y/noAutofocus: see above
      autoFocus
      aria-label="Task title"
      value={title}
      maxLength={TASK_TITLE_MAX_LENGTH}
      onChange={(event) => setTitle(event.target.value)}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          save();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onDone();
        }
      }}
      className="-mx-1 -my-0.5 h-7 rounded-sm border border-input bg-background px-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    />
  );
}
