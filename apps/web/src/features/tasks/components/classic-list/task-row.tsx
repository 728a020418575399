import type { ListSummary } from '@cairn/contracts/lists';
import { TASK_TITLE_MAX_LENGTH, type Task } from '@cairn/contracts/tasks';
import { Link } from '@tanstack/react-router';
import { ArchiveIcon, EllipsisIcon, ExternalLinkIcon, Trash2Icon } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu';
import { cn } from '../../../../lib/cn';
import { useArchiveTaskMutation } from '../../api/tasks/archive-task';
import { useDeleteTaskMutation } from '../../api/tasks/delete-task';
import { useRestoreTaskMutation } from '../../api/tasks/restore-task';
import { useUnarchiveTaskMutation } from '../../api/tasks/unarchive-task';
import { useUpdateTaskMutation } from '../../api/tasks/update-task';
import { CompleteTaskCheckbox } from '../complete-task-checkbox';
import { SubtaskOf } from '../subtask-of';
import { TaskMarkers } from '../task-markers';

interface TaskRowProps {
  task: Task;
  /** Shown when the list is not grouped by list. */
  list?: Pick<ListSummary, 'name' | 'color'>;
  parentTitle?: string | undefined;
  isSelecting: boolean;
  isSelected: boolean;
  /** Absent when bulk changes are turned off. */
  onSelect?: (event: { shiftKey: boolean }) => void;
}

/** One task in the classic list: tick, title (click to rename in place), facts, open and more. */
export function TaskRow({ task, list, parentTitle, isSelecting, isSelected, onSelect }: TaskRowProps) {
  const [isEditing, setIsEditing] = useState(false);
  const isCompleted = task.completedAt !== null;

  function onRowClick(event: MouseEvent<HTMLDivElement>) {
    // Shift- or Ctrl/⌘-click on the row selects, as in a file manager; controls handle their own clicks.
    if (!onSelect || event.target !== event.currentTarget) return;
    if (isSelecting || event.shiftKey || event.ctrlKey || event.metaKey) {
      onSelect({ shiftKey: event.shiftKey });
    }
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the selection checkbox does the same from the keyboard
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcut for selection only
    <div
      data-task-id={task.id}
      onClick={onRowClick}
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
            event.stopPropagation();
            event.preventDefault();
            onSelect({ shiftKey: event.shiftKey });
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
          <button
            type="button"
            onClick={(event) => {
              if (onSelect && (event.shiftKey || event.ctrlKey || event.metaKey)) {
                onSelect({ shiftKey: event.shiftKey });
                return;
              }
              setIsEditing(true);
            }}
            aria-label={`Rename “${task.title}”`}
            className={cn(
              'min-w-0 cursor-text rounded-sm text-left text-sm break-words outline-none focus-visible:ring-2 focus-visible:ring-ring',
              isCompleted && 'text-muted-foreground line-through',
            )}
          >
            {task.title}
          </button>
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
      <RowActions task={task} />
    </div>
  );
}

function hasMarkers(task: Task) {
  return (
    task.dueDate !== null ||
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

function RowActions({ task }: { task: Task }) {
  const archive = useArchiveTaskMutation();
  const unarchive = useUnarchiveTaskMutation();
  const remove = useDeleteTaskMutation();
  const restore = useRestoreTaskMutation();
  const isArchived = task.archivedAt !== null;
  return (
    <div className="flex shrink-0 items-center gap-0.5 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
      <Button asChild variant="ghost" size="icon" className="size-8">
        <Link to="/tasks/$taskId" params={{ taskId: task.id }} aria-label={`Open “${task.title}”`}>
          <ExternalLinkIcon aria-hidden />
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`More for “${task.title}”`}>
            <EllipsisIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() =>
              isArchived
                ? unarchive.mutate(task.id)
                : archive.mutate(task.id, {
                    onSuccess: () =>
                      toast.success(`Archived “${task.title}”`, {
                        action: { label: 'Undo', onClick: () => unarchive.mutate(task.id) },
                      }),
                  })
            }
          >
            <ArchiveIcon aria-hidden />
            {isArchived ? 'Bring back from archive' : 'Archive'}
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-destructive focus:text-destructive"
            onSelect={() =>
              remove.mutate(task.id, {
                onSuccess: () =>
                  toast.success(`Moved “${task.title}” to the trash`, {
                    action: { label: 'Undo', onClick: () => restore.mutate(task.id) },
                  }),
              })
            }
          >
            <Trash2Icon aria-hidden />
            Move to trash
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
