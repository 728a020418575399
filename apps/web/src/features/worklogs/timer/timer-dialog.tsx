import type { WorklogTimer } from '@cairn/contracts/worklogs';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoaderCircleIcon, PlayIcon, SquareIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useDiscardWorklogTimerMutation } from '../api/discard-worklog-timer';
import { worklogTimerQueryOptions } from '../api/get-worklog-timer';
import { useStartWorklogTimerMutation } from '../api/start-worklog-timer';
import {
  categoryLabel,
  projectLabel,
  useWorklogLookups,
  type WorklogLookups,
} from '../shared/use-worklog-lookups';
import { WorklogViewState } from '../shared/worklog-view-state';
import { readLastUsed, rememberLastUsed } from '../utils/last-used';
import { TEXT_MAX_LENGTH } from '../utils/worklog-draft';
import { ElapsedTime } from './elapsed-time';
import { useStopTimer } from './use-stop-timer';

interface TimerDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Starts the timer for this task (its name and page go on the entry). */
  taskId?: string;
}

/** Starts the timer (project, category, description), or shows the running one to stop or discard. */
export function TimerDialog({ isOpen, onOpenChange, taskId }: TimerDialogProps) {
  const { data } = useQuery(worklogTimerQueryOptions());
  const timer = data?.timer ?? null;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={timer ? 'Timer running' : taskId ? 'Start a timer for this task' : 'Start a timer'}
      description={
        timer
          ? 'Stop it to log the time as an entry, or discard it.'
          : 'It keeps running when you close this page or open another device; stop it to log the time.'
      }
      className="sm:max-w-lg"
    >
      {isOpen && <TimerDialogContent timer={timer} taskId={taskId} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function TimerDialogContent({
  timer,
  taskId,
  onDone,
}: {
  timer: WorklogTimer | null;
  taskId?: string;
  onDone: () => void;
}) {
  const { lookups, isPending, isError, refetch } = useWorklogLookups();
  if (isPending) return <WorklogViewState kind="loading" title="Loading your projects" />;
  if (isError || !lookups)
    return <WorklogViewState kind="error" title="Could not load your projects" onRetry={refetch} />;
  return timer ? (
    <>
      {taskId && timer.taskId !== taskId && (
        <p className="text-sm text-muted-foreground">
          A timer runs for something else. Stop it, and you can start one for this task.
        </p>
      )}
      <RunningTimer timer={timer} lookups={lookups} onDone={onDone} />
    </>
  ) : (
    <StartTimerForm lookups={lookups} taskId={taskId} onDone={onDone} />
  );
}

function StartTimerForm({
  lookups,
  taskId,
  onDone,
}: {
  lookups: WorklogLookups;
  taskId?: string;
  onDone: () => void;
}) {
  const id = useId();
  const start = useStartWorklogTimerMutation();
  const lastUsed = readLastUsed();
  const isLastLive = lookups.activeProjects.some((project) => project.id === lastUsed?.projectId);
  const [projectId, setProjectId] = useState(
    isLastLive && lastUsed ? lastUsed.projectId : (lookups.activeProjects[0]?.id ?? ''),
  );
  const [categoryId, setCategoryId] = useState(
    isLastLive && lastUsed && lookups.categoryById.has(lastUsed.categoryId) ? lastUsed.categoryId : '',
  );
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();

  if (lookups.activeProjects.length === 0) {
    return (
      <div className="grid justify-items-start gap-3 text-sm">
        <p>Time is logged against a project, and you have none open.</p>
        <Button asChild onClick={onDone}>
          <Link to="/worklogs">Create a project on the work log</Link>
        </Button>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!projectId) {
      setError('Choose a project');
      return;
    }
    if (description.length > TEXT_MAX_LENGTH) {
      setError(`The description must be ${TEXT_MAX_LENGTH} characters or less`);
      return;
    }
    rememberLastUsed({ projectId, categoryId });
    start.mutate(
      {
        projectId,
        categoryId: categoryId || null,
        description: description.trim(),
        ...(taskId && { taskId }),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form aria-label="Start a timer" noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-project`} className="text-sm font-medium">
            Project
          </label>
          <NativeSelect
            id={`${id}-project`}
            className="w-full [&_select]:h-10"
            value={projectId}
            aria-invalid={error === 'Choose a project' ? true : undefined}
            onChange={(event) => {
              setProjectId(event.target.value);
              setError(undefined);
            }}
          >
            {lookups.activeProjects.map((project) => (
              <option key={project.id} value={project.id}>
                {projectLabel(project)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-category`} className="text-sm font-medium">
            Category
          </label>
          <NativeSelect
            id={`${id}-category`}
            className="w-full [&_select]:h-10"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
          >
            <option value="">No category</option>
            {lookups.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {categoryLabel(category)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description
        </label>
        <Input
          id={`${id}-description`}
          value={description}
          autoComplete="off"
          autoFocus
          placeholder="What are you working on?"
          onChange={(event) => {
            setDescription(event.target.value);
            setError(undefined);
          }}
        />
        {taskId && <p className="text-xs text-muted-foreground">The entry will link to this task.</p>}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden />
          ) : (
            <PlayIcon aria-hidden />
          )}
          Start
        </Button>
      </div>
    </form>
  );
}

function RunningTimer({
  timer,
  lookups,
  onDone,
}: {
  timer: WorklogTimer;
  lookups: WorklogLookups;
  onDone: () => void;
}) {
  const id = useId();
  const { stopTimer, isStopping } = useStopTimer();
  const discard = useDiscardWorklogTimerMutation();
  const [description, setDescription] = useState(timer.description);
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const project = lookups.projectById.get(timer.projectId);
  const category = timer.categoryId ? lookups.categoryById.get(timer.categoryId) : undefined;
  const startedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    timer.startedAt,
  );

  return (
    <form
      aria-label="Running timer"
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        stopTimer(description === timer.description ? {} : { description: description.trim() }, onDone);
      }}
    >
      <div className="grid justify-items-center gap-1 rounded-lg bg-muted/50 py-4">
        <ElapsedTime since={timer.startedAt} className="font-mono text-3xl font-semibold tabular-nums" />
        <p className="text-sm text-muted-foreground">Started {startedAt}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Project</dt>
        <dd>{project ? projectLabel(project) : 'Unknown project'}</dd>
        <dt className="text-muted-foreground">Category</dt>
        <dd>{category ? categoryLabel(category) : 'None'}</dd>
      </dl>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description
        </label>
        <Input
          id={`${id}-description`}
          value={description}
          autoComplete="off"
          placeholder="What did you work on?"
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      {isConfirmingDiscard ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 p-3 text-sm">
          <p>Discard the timer? The time it has run will not be logged.</p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setIsConfirmingDiscard(false)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={discard.isPending}
              onClick={() => discard.mutate(undefined, { onSuccess: onDone })}
            >
              Discard
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="ghost" className="text-destructive" onClick={() => setIsConfirmingDiscard(true)}>
            <Trash2Icon aria-hidden />
            Discard
          </Button>
          <Button type="submit" disabled={isStopping}>
            {isStopping ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <SquareIcon className="fill-current" aria-hidden />
            )}
            Stop and log
          </Button>
        </div>
      )}
    </form>
  );
}
