import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, SquareDashedIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { Button } from '../../../components/ui/button';
import { swissCandidatesQueryOptions } from '../api/get-swiss-candidates';
import { BigTaskPicker } from './big-task-picker';
import { SwissDeck, type SwissDeckProps } from './swiss-deck';
import { SwissNotice } from './swiss-notice';

interface SwissPageProps extends Omit<SwissDeckProps, 'taskId'> {
  /** The big task chosen in the address; without one, the biggest is taken. */
  taskId: string | undefined;
}

/**
 * The Swiss-cheese method: a task too big to start is worked on through small holes (its checklist
 * items and small subtasks), dealt one card at a time, until what is left is easy.
 */
export function SwissPage({ taskId, completeHole, formatMinutes }: SwissPageProps) {
  const candidates = useQuery(swissCandidatesQueryOptions());
  const selectedId = taskId ?? candidates.data?.[0]?.id;
  const hasCandidates = (candidates.data?.length ?? 0) > 0;

  let deck: ReactNode;
  if (selectedId) {
    deck = (
      <SwissDeck
        key={selectedId}
        taskId={selectedId}
        completeHole={completeHole}
        formatMinutes={formatMinutes}
      />
    );
  } else if (candidates.isPending) {
    deck = <LoadingScreen isFullScreen={false} />;
  } else if (candidates.isError) {
    deck = (
      <SwissNotice
        isAlert
        icon={<CircleAlertIcon aria-hidden />}
        title="Your big tasks could not be loaded"
        actions={
          <Button variant="outline" onClick={() => void candidates.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else {
    deck = (
      <SwissNotice
        icon={<SquareDashedIcon aria-hidden />}
        title="No big tasks yet"
        actions={
          <Button asChild>
            <Link to="/classic-list">Go to your tasks</Link>
          </Button>
        }
      >
        <p>
          A task is big when it has open subtasks or open checklist items. Break a task into small steps on
          its page, and it shows up here, biggest first, ready to be worked through one step at a time.
        </p>
      </SwissNotice>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Swiss cheese</h1>
        <p className="text-muted-foreground">
          Too big to start? Poke small holes in it, one card at a time, until what is left is easy.
        </p>
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-label="Holes of the big task" className="grid min-w-0">
          {deck}
        </section>
        {(hasCandidates || (taskId && (candidates.isPending || candidates.isError))) && (
          <BigTaskPicker
            candidates={candidates.data}
            isError={candidates.isError}
            onRetry={() => void candidates.refetch()}
            selectedId={selectedId}
            formatMinutes={formatMinutes}
          />
        )}
      </div>
    </div>
  );
}
