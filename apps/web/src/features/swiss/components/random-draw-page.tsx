import type { Task } from '@cairn/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlertIcon, DicesIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NativeSelect } from '../../../components/ui/native-select';
import { isHttpError } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { randomTaskQueryOptions } from '../api/get-random-task';
import { useSkipDrawMutation } from '../api/skip-draw';
import { useCardShortcuts } from '../hooks/use-card-shortcuts';
import { describeDraw } from '../utils/describe-draw';
import { DrawnTaskCard } from './drawn-task-card';
import { SwissNotice } from './swiss-notice';

export interface RandomDrawPageProps {
  /** Draw only from this list; all lists when undefined. */
  listId: string | undefined;
  onListChange: (listId: string | undefined) => void;
  /** The user's lists, for the filter and the card; undefined while they load. */
  lists: readonly { id: string; name: string }[] | undefined;
  /** Completes a task on the server; refused with HAS_OPEN_SUBTASKS unless `withChildren`. */
  completeTask: (variables: { taskId: string; withChildren?: boolean }) => Promise<unknown>;
  reopenTask: (taskId: string) => void;
  /** The small facts under a task's title (due date, urgency, importance). */
  renderMarkers: (task: Task) => ReactNode;
}

const ALL_LISTS = '';

/** "“Plan the week”", shortened so a toast stays on one or two lines. */
function quote(title: string): string {
  return `“${title.length > 60 ? `${title.slice(0, 59)}…` : title}”`;
}

function isOpenSubtasksError(error: unknown): boolean {
  return isHttpError(error) && error.code === 'HAS_OPEN_SUBTASKS';
}

/**
 * One open task at a time, drawn for the user (urgent, important and older ones more often): do it,
 * skip it for an hour, or open it. Each answer draws the next one.
 */
export function RandomDrawPage({
  listId,
  onListChange,
  lists,
  completeTask,
  reopenTask,
  renderMarkers,
}: RandomDrawPageProps) {
  const filterId = useId();
  const navigate = useNavigate();
  const draw = useQuery(randomTaskQueryOptions(listId));
  const skip = useSkipDrawMutation();
  const [action, setAction] = useState<'completing' | 'skipping' | null>(null);
  const [parentToConfirm, setParentToConfirm] = useState<{ task: Task; openCount: number | null } | null>(
    null,
  );
  const task = draw.data?.task ?? null;
  const busyText =
    action === 'completing'
      ? 'Completing'
      : action === 'skipping'
        ? 'Skipping'
        : draw.isFetching && !draw.isPending
          ? 'Drawing the next task'
          : null;

  async function complete(done: Task, withChildren: boolean) {
    setAction('completing');
    try {
      await completeTask({ taskId: done.id, withChildren });
      toast.success(`${quote(done.title)} completed`, {
        action: { label: 'Undo', onClick: () => reopenTask(done.id) },
      });
      await draw.refetch();
    } catch (error) {
      // Other failures show the request's own toast.
      if (isOpenSubtasksError(error)) setParentToConfirm({ task: done, openCount: null });
    } finally {
      setAction(null);
    }
  }

  function onDone(current: Task) {
    const openCount = current.subtaskProgress.total - current.subtaskProgress.completed;
    if (openCount > 0) setParentToConfirm({ task: current, openCount });
    else void complete(current, false);
  }

  function onSkip(current: Task) {
    setAction('skipping');
    skip.mutate(current.id, {
      onSuccess: () => {
        toast(`${quote(current.title)} skipped for an hour`);
        void draw.refetch();
      },
      onSettled: () => setAction(null),
    });
  }

  useCardShortcuts(
    task && busyText === null
      ? {
          d: () => onDone(task),
          s: () => onSkip(task),
          o: () => void navigate({ to: '/tasks/$taskId', params: { taskId: task.id } }),
        }
      : {},
    task !== null,
  );

  const listName = (id: string | null) => (id === null ? null : lists?.find((list) => list.id === id)?.name);

  let body: ReactNode;
  if (draw.isPending) body = <LoadingScreen isFullScreen={false} />;
  else if (draw.isError && !draw.data) {
    body = (
      <SwissNotice
        isAlert
        icon={<CircleAlertIcon aria-hidden />}
        title="No task could be drawn"
        actions={
          <Button variant="outline" onClick={() => void draw.refetch()}>
            Try again
          </Button>
        }
      >
        <p>The draw did not reach the server. Check your connection and try again.</p>
      </SwissNotice>
    );
  } else if (draw.data?.task) {
    const drawn = draw.data.task;
    body = (
      <DrawnTaskCard
        task={drawn}
        listName={listName(drawn.listId)}
        markers={renderMarkers(drawn)}
        drawnFrom={describeDraw(draw.data)}
        busyText={busyText}
        onDone={() => onDone(drawn)}
        onSkip={() => onSkip(drawn)}
      />
    );
  } else {
    body = (
      <NothingToDraw
        skipped={draw.data?.skipped ?? 0}
        listId={listId}
        onAllLists={() => onListChange(undefined)}
      />
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">Random task</h1>
          <p className="text-muted-foreground">
            One open task at a time, drawn for you. Urgent, important and older tasks come up more often.
          </p>
        </div>
        <div className="grid shrink-0 gap-1">
          <label htmlFor={filterId} className="text-sm font-medium">
            Draw from
          </label>
          <NativeSelect
            id={filterId}
            className="w-full min-w-48 sm:w-auto"
            value={listId ?? ALL_LISTS}
            disabled={!lists}
            onChange={(event) =>
              onListChange(event.target.value === ALL_LISTS ? undefined : event.target.value)
            }
          >
            <option value={ALL_LISTS}>All lists</option>
            {lists?.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </header>
      {body}
      <ConfirmDialog
        isOpen={parentToConfirm !== null}
        onOpenChange={(isOpen) => !isOpen && setParentToConfirm(null)}
        title="Complete the subtasks too?"
        description={`${quote(parentToConfirm?.task.title ?? '')} ${
          parentToConfirm?.openCount
            ? `has ${parentToConfirm.openCount} open ${parentToConfirm.openCount === 1 ? 'subtask' : 'subtasks'}`
            : 'still has open subtasks below it'
        }. Completing it completes them as well.`}
        confirmLabel="Complete all"
        variant="default"
        onConfirm={() => {
          if (parentToConfirm) void complete(parentToConfirm.task, true);
        }}
      />
    </div>
  );
}

interface NothingToDrawProps {
  skipped: number;
  listId: string | undefined;
  onAllLists: () => void;
}

/** The draw came back empty: everything is done, or what is left was skipped in the last hour. */
function NothingToDraw({ skipped, listId, onAllLists }: NothingToDrawProps) {
  return (
    <SwissNotice
      icon={<DicesIcon aria-hidden />}
      title={skipped > 0 ? `Nothing to draw: ${skipped} skipped in the last hour` : 'Nothing to draw'}
      actions={
        listId ? (
          <Button variant="outline" onClick={onAllLists}>
            Draw from all lists
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/classic-list">Go to your tasks</Link>
          </Button>
        )
      }
    >
      <p>
        {skipped > 0
          ? 'A skipped task comes back into the draw an hour after it was skipped.'
          : listId
            ? 'This list has no open tasks.'
            : 'You have no open tasks. Add some, and they are drawn here one at a time.'}
      </p>
    </SwissNotice>
  );
}
