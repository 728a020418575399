import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PlayIcon, SquareIcon, TimerIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { taskWorklogTotalsQueryOptions } from '../api/get-task-worklog-totals';
import { worklogTimerQueryOptions } from '../api/get-worklog-timer';
import { formatDurationWords } from '../utils/durations';
import { ElapsedTime } from './elapsed-time';
import { useStopTimer } from './use-stop-timer';

const TimerDialog = lazy(() => import('./timer-dialog').then((module) => ({ default: module.TimerDialog })));

/** A task's logged time, its own and with its subtasks, with the timer started for it. */
export function TaskWorklogsPanel({ taskId }: { taskId: string }) {
  const totals = useQuery(taskWorklogTotalsQueryOptions(taskId));
  const timerState = useQuery(worklogTimerQueryOptions());
  const { stopTimer, isStopping } = useStopTimer();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const timer = timerState.data?.timer ?? null;
  const isRunningHere = timer?.taskId === taskId;

  let summary: ReactNode;
  if (totals.isPending) summary = <span className="text-muted-foreground">Loading…</span>;
  else if (totals.isError)
    summary = (
      <span role="alert" className="flex flex-wrap items-center gap-2">
        The logged time could not be loaded.
        <Button variant="outline" size="sm" onClick={() => void totals.refetch()}>
          Try again
        </Button>
      </span>
    );
  else {
    const { own, subtree } = totals.data;
    summary =
      subtree.count === 0 ? (
        <span className="text-muted-foreground">No time logged yet.</span>
      ) : (
        <span data-testid="task-worklog-totals">
          Logged <strong className="font-semibold">{formatDurationWords(own.duration)}</strong>
          {subtree.duration !== own.duration && (
            <>
              {' · '}
              <strong className="font-semibold">{formatDurationWords(subtree.duration)}</strong> with subtasks
            </>
          )}
        </span>
      );
  }

  return (
    <div className="grid gap-3 text-sm">
      <p>{summary}</p>
      <div className="flex flex-wrap items-center gap-2">
        {isRunningHere && timer ? (
          <>
            <span className="flex items-center gap-2 rounded-md bg-muted px-2 py-1 font-mono tabular-nums">
              <span className="size-2 animate-pulse rounded-full bg-primary" aria-hidden />
              <span className="sr-only">Timer running for this task: </span>
              <ElapsedTime since={timer.startedAt} />
            </span>
            <Button variant="outline" size="sm" disabled={isStopping} onClick={() => stopTimer()}>
              <SquareIcon className="fill-current" aria-hidden />
              Stop timer
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setHasOpened(true);
              setIsDialogOpen(true);
            }}
          >
            {timer ? <TimerIcon aria-hidden /> : <PlayIcon aria-hidden />}
            {timer ? 'Show the running timer' : 'Start timer'}
          </Button>
        )}
        {totals.data && totals.data.own.count > 0 && (
          <Button variant="link" size="sm" asChild>
            <Link to="/worklogs/list" search={{ taskId }}>
              See the entries
            </Link>
          </Button>
        )}
      </div>
      {hasOpened && (
        <Suspense fallback={null}>
          <TimerDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} taskId={taskId} />
        </Suspense>
      )}
    </div>
  );
}
