import type { SwissDeck as Deck, SwissHole } from '@cairn/contracts/task-planning';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, PartyPopperIcon, RotateCcwIcon, SearchXIcon, SquareDashedIcon } from 'lucide-react';
import { useReducer, useRef } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { Button } from '../../../components/ui/button';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { isHttpError } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { swissDeckQueryOptions } from '../api/get-swiss-deck';
import { swissKeys } from '../api/swiss-keys';
import { useCardShortcuts } from '../hooks/use-card-shortcuts';
import {
  countSkipped,
  dealHoles,
  getHoleKey,
  getRoundProgress,
  startRound,
  updateRound,
} from '../utils/swiss-round';
import { DeckProgress } from './deck-progress';
import { HoleCard } from './hole-card';
import { SwissNotice } from './swiss-notice';

export interface SwissDeckProps {
  taskId: string;
  /** Marks the hole done on the server: completes the subtask, or ticks the checklist item. */
  completeHole: (hole: SwissHole) => Promise<unknown>;
  formatMinutes: (minutes: number) => string;
}

/** A big task's deck: its loading and failed states, then the round. Keyed by task, so each starts afresh. */
export function SwissDeck({ taskId, completeHole, formatMinutes }: SwissDeckProps) {
  const deck = useQuery(swissDeckQueryOptions(taskId));
  if (deck.isPending) return <LoadingScreen isFullScreen={false} />;
  if (deck.isError) {
    if (isHttpError(deck.error) && deck.error.status === 404) {
      return (
        <SwissNotice
          icon={<SearchXIcon aria-hidden />}
          title="This task does not exist or was deleted"
          actions={
            <Button asChild variant="outline">
              <Link to="/swiss">Take the biggest task</Link>
            </Button>
          }
        >
          <p>The link may be old or mistyped. Pick one of your big tasks instead.</p>
        </SwissNotice>
      );
    }
    return (
      <SwissNotice
        isAlert
        icon={<CircleAlertIcon aria-hidden />}
        title="This task’s holes could not be loaded"
        actions={
          <Button variant="outline" onClick={() => void deck.refetch()}>
            Try again
          </Button>
        }
      >
        <p>{getErrorToastMessage(deck.error, 'The server could not be reached. Check your connection.')}</p>
      </SwissNotice>
    );
  }
  return <SwissRoundView deck={deck.data} completeHole={completeHole} formatMinutes={formatMinutes} />;
}

function isOpenSubtasksError(error: unknown): boolean {
  return isHttpError(error) && error.code === 'HAS_OPEN_SUBTASKS';
}

interface SwissRoundViewProps extends Omit<SwissDeckProps, 'taskId'> {
  deck: Deck;
}

/** One card at a time, with Done, Skip and Later, and the big task's progress above it. */
function SwissRoundView({ deck, completeHole, formatMinutes }: SwissRoundViewProps) {
  const queryClient = useQueryClient();
  const [round, dispatch] = useReducer(updateRound, deck.holes, startRound);
  const doneButton = useRef<HTMLButtonElement>(null);
  const holes = dealHoles(deck.holes, round);
  const current = holes[0];
  const progress = getRoundProgress(deck, round);
  const bigTask = deck.task;

  // The deck and the picker's counts both change with each hole done.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: swissKeys.all });

  function markDone(hole: SwissHole) {
    const key = getHoleKey(hole);
    dispatch({ type: 'done', key });
    completeHole(hole).then(refresh, (error: unknown) => {
      // Back into the deck where it was; the request's own toast has said why.
      dispatch({ type: 'undo-done', key });
      if (isOpenSubtasksError(error)) {
        toast.error(`“${hole.title}” has open subtasks of its own now; they join the deck`);
        refresh();
      }
    });
  }

  function startAgain() {
    dispatch({ type: 'restart', holes: deck.holes });
    refresh();
    // The end state's button is gone; the new round's first card takes the focus.
    requestAnimationFrame(() => doneButton.current?.focus());
  }

  useCardShortcuts(
    current
      ? {
          d: () => markDone(current),
          s: () => dispatch({ type: 'skip', key: getHoleKey(current) }),
          l: () => holes.length > 1 && dispatch({ type: 'later', key: getHoleKey(current) }),
        }
      : {},
    current !== undefined,
  );

  return (
    <div className="grid gap-5">
      <div className="grid gap-3">
        <h2 className="text-lg font-semibold break-words">
          <Link
            to="/tasks/$taskId"
            params={{ taskId: bigTask.id }}
            className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {bigTask.title}
          </Link>
        </h2>
        {progress.total > 0 && <DeckProgress done={progress.done} total={progress.total} />}
      </div>
      {current ? (
        <HoleCard
          hole={current}
          bigTaskTitle={bigTask.title}
          remaining={holes.length}
          formatMinutes={formatMinutes}
          doneButtonRef={doneButton}
          onDone={() => markDone(current)}
          onSkip={() => dispatch({ type: 'skip', key: getHoleKey(current) })}
          onLater={() => dispatch({ type: 'later', key: getHoleKey(current) })}
        />
      ) : (
        <RoundEnd
          taskId={bigTask.id}
          title={bigTask.title}
          skipped={countSkipped(deck.holes, round)}
          progress={progress}
          onStartAgain={startAgain}
        />
      )}
    </div>
  );
}

interface RoundEndProps {
  taskId: string;
  title: string;
  skipped: number;
  progress: { done: number; total: number };
  onStartAgain: () => void;
}

/** No card left to deal: some were skipped, every hole is done, or the task has none to begin with. */
function RoundEnd({ taskId, title, skipped, progress, onStartAgain }: RoundEndProps) {
  const openTask = (label: string, variant: 'default' | 'outline') => (
    <Button asChild variant={variant}>
      <Link to="/tasks/$taskId" params={{ taskId }}>
        {label}
      </Link>
    </Button>
  );
  if (skipped > 0) {
    return (
      <SwissNotice
        icon={<SquareDashedIcon aria-hidden />}
        title={`All holes for now: ${skipped} skipped`}
        actions={
          <>
            <Button onClick={onStartAgain}>
              <RotateCcwIcon aria-hidden />
              Start again
            </Button>
            {openTask('Open the task', 'outline')}
          </>
        }
      >
        <p>Start again to deal the skipped ones, and any added since.</p>
      </SwissNotice>
    );
  }
  if (progress.total === 0) {
    return (
      <SwissNotice
        icon={<SquareDashedIcon aria-hidden />}
        title="No holes to poke in this task"
        actions={openTask('Add subtasks or a checklist', 'default')}
      >
        <p>
          “{title}” has no subtasks or checklist items. Break it into small steps on its page, and they are
          dealt here one at a time.
        </p>
      </SwissNotice>
    );
  }
  if (progress.done >= progress.total) {
    return (
      <SwissNotice
        icon={<PartyPopperIcon aria-hidden />}
        title="Every hole is done"
        actions={openTask('Open the task to complete it', 'default')}
      >
        <p>
          All {progress.total} subtasks and checklist items of “{title}” are done. What is left is the task
          itself.
        </p>
      </SwissNotice>
    );
  }
  return (
    <SwissNotice
      icon={<SquareDashedIcon aria-hidden />}
      title="All holes for now"
      actions={
        <>
          <Button onClick={onStartAgain}>
            <RotateCcwIcon aria-hidden />
            Start again
          </Button>
          {openTask('Open the task', 'outline')}
        </>
      }
    >
      <p>
        {progress.done} of {progress.total} done. The rest are archived or not yet small steps: open the task
        to break them down.
      </p>
    </SwissNotice>
  );
}
