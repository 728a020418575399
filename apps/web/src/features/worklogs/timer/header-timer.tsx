import { useQuery } from '@tanstack/react-query';
import { PlayIcon, SquareIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { worklogTimerQueryOptions } from '../api/get-worklog-timer';
import { ElapsedTime } from './elapsed-time';
import { useStopTimer } from './use-stop-timer';

// The start form and the timer's details load when first opened: the header is on every screen.
const TimerDialog = lazy(() => import('./timer-dialog').then((module) => ({ default: module.TimerDialog })));

/**
 * The running timer in the header of every screen: Start when none runs; the elapsed time and Stop
 * when one does. The timer is the server's, so it is there after a reload and on other devices.
 */
export function HeaderTimer() {
  const { data } = useQuery(worklogTimerQueryOptions());
  const { stopTimer, isStopping } = useStopTimer();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  // Until the first answer (or offline), the header shows nothing rather than a Start that may be wrong.
  if (!data) return null;
  const { timer } = data;

  const open = () => {
    setHasOpened(true);
    setIsDialogOpen(true);
  };

  return (
    <div className="flex items-center gap-1" data-testid="header-timer">
      {timer ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            className="gap-1.5 px-2 font-mono tabular-nums"
            onClick={open}
            aria-label="Running timer: show details"
            title={timer.description || 'Running timer'}
          >
            <span className="size-2 animate-pulse rounded-full bg-primary" aria-hidden />
            <span className="hidden max-w-40 truncate font-sans lg:inline">{timer.description}</span>
            <ElapsedTime since={timer.startedAt} />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-9"
            disabled={isStopping}
            onClick={() => stopTimer()}
            aria-label="Stop timer"
          >
            <SquareIcon className="fill-current" aria-hidden />
          </Button>
        </>
      ) : (
        <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={open} aria-label="Start timer">
          <PlayIcon aria-hidden />
          <span className="hidden sm:inline">Start timer</span>
        </Button>
      )}
      {hasOpened && (
        <Suspense fallback={null}>
          <TimerDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} />
        </Suspense>
      )}
    </div>
  );
}
