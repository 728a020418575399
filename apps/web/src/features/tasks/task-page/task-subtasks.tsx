import type { TaskDetail } from '@cairn/contracts/tasks';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckIcon, ChevronRightIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SortableList } from '../../../components/ui/sortable-list';
import { cn } from '../../../lib/cn';
import { taskKeys } from '../api/task-keys';
import { useCreateTaskMutation } from '../api/tasks/create-task';
import { useReparentTaskMutation } from '../api/trees/reparent-task';
import { useCompleteTask } from '../hooks/use-complete-task';
import { neighbourPlacement } from '../tree/tree-model';
import { getSubtaskProgress } from '../utils/subtask-progress';
import { ArchivedBadge } from './archived-badge';
import { formatDueDate } from './due-date';

type Subtask = TaskDetail['children'][number];

interface TaskSubtasksProps {
  task: Pick<TaskDetail, 'id' | 'title' | 'listId' | 'children'>;
  timeZone: string;
  isReadOnly: boolean;
}

export function TaskSubtasks({ task, timeZone, isReadOnly }: TaskSubtasksProps) {
  const create = useCreateTaskMutation();
  const reparent = useReparentTaskMutation();
  const [draft, setDraft] = useState('');
  const progress = getSubtaskProgress(task.children);

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = draft.trim();
    if (!title) return;
    setDraft('');
    // A subtask joins its parent's list, so the list's tree and filters keep the family together.
    create.mutate({ title, parentId: task.id, listId: task.listId }, { onError: () => setDraft(title) });
  }

  return (
    <section aria-labelledby="subtasks-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="subtasks-title" className="text-base font-semibold">
          Subtasks
        </h2>
        {progress.total > 0 && (
          <span className="text-sm text-muted-foreground">
            {progress.done}/{progress.total} done
          </span>
        )}
      </div>
      {task.children.length === 0 ? (
        <p className="text-sm text-muted-foreground">No subtasks. Add one to split the work up.</p>
      ) : (
        <SortableList
          items={task.children}
          label="Subtasks"
          getTitle={(child) => child.title}
          isDisabled={isReadOnly}
          onReorder={({ movedId, index }) => {
            const siblingIds = task.children.map((child) => child.id).filter((id) => id !== movedId);
            siblingIds.splice(index, 0, movedId);
            reparent.mutate({
              taskId: movedId,
              parentId: task.id,
              index,
              placement: neighbourPlacement(siblingIds, movedId),
            });
          }}
          renderItem={(child, handle) => (
            <div className="flex min-h-10 items-center gap-2 py-0.5 pr-1">
              {handle}
              <SubtaskCheckbox parentId={task.id} subtask={child} isDisabled={isReadOnly} />
              <Link
                to="/tasks/$taskId"
                params={{ taskId: child.id }}
                className={cn(
                  'group flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 text-sm outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring',
                  (child.completedAt || child.archivedAt) && 'text-muted-foreground',
                  child.completedAt && 'line-through',
                )}
              >
                <span className="min-w-0 flex-1 break-words">{child.title}</span>
                {child.archivedAt && <ArchivedBadge />}
                {child.dueDate && (
                  <span className="hidden shrink-0 text-xs text-muted-foreground no-underline sm:inline">
                    {formatDueDate(child.dueDate, timeZone, { hasTime: child.dueDateHasTime })}
                  </span>
                )}
                <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              </Link>
            </div>
          )}
        />
      )}
      {!isReadOnly && (
        <form onSubmit={onAdd} className="flex gap-2">
          <Input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Add a subtask and press Enter"
            aria-label="New subtask"
            maxLength={500}
          />
          <Button type="submit" variant="outline" disabled={!draft.trim()}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * Ticks a subtask. The shared completion flow updates the subtask's own caches; the tick shows on this
 * page's list at once too, and the refresh that follows any outcome puts the list right.
 */
function SubtaskCheckbox({
  parentId,
  subtask,
  isDisabled,
}: {
  parentId: string;
  subtask: Subtask;
  isDisabled: boolean;
}) {
  const queryClient = useQueryClient();
  const { setCompleted, dialog } = useCompleteTask();

  function onCheckedChange(isCompleted: boolean) {
    // Ticked here only once the request goes out: a subtask with open subtasks of its own asks first.
    setCompleted(subtask, isCompleted, {
      onStart: () =>
        queryClient.setQueryData<TaskDetail>(taskKeys.detail(parentId), (detail) =>
          detail
            ? {
                ...detail,
                children: detail.children.map((child) =>
                  child.id === subtask.id
                    ? { ...child, completedAt: isCompleted ? new Date() : null }
                    : child,
                ),
              }
            : detail,
        ),
    });
  }

  return (
    <>
      <CheckboxPrimitive.Root
        checked={subtask.completedAt !== null}
        disabled={isDisabled}
        onCheckedChange={(checked) => onCheckedChange(checked === true)}
        aria-label={`Complete “${subtask.title}”`}
        className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/60 outline-none transition-colors hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
      >
        <CheckboxPrimitive.Indicator>
          <CheckIcon className="size-3.5" strokeWidth={3} aria-hidden />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      {dialog}
    </>
  );
}
