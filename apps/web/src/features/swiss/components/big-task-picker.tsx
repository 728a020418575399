import type { SwissCandidate } from '@cairn/contracts/task-planning';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { describeCandidate } from '../utils/describe-candidate';

interface BigTaskPickerProps {
  candidates: readonly SwissCandidate[] | undefined;
  isError: boolean;
  onRetry: () => void;
  selectedId: string | undefined;
  formatMinutes: (minutes: number) => string;
}

/** The big tasks, biggest first; each links to its own deck (`/swiss?taskId=`), so a choice can be shared. */
export function BigTaskPicker({
  candidates,
  isError,
  onRetry,
  selectedId,
  formatMinutes,
}: BigTaskPickerProps) {
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId} className="grid content-start gap-3">
      <h2 id={titleId} className="text-sm font-semibold text-muted-foreground">
        Big tasks
      </h2>
      {isError && !candidates ? (
        <div
          role="alert"
          className="grid justify-items-start gap-2 rounded-lg border border-destructive/30 p-3 text-sm"
        >
          <p>The big tasks could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : !candidates ? (
        <ul className="grid gap-1" aria-busy>
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-14 rounded-md bg-muted motion-safe:animate-pulse" />
          ))}
        </ul>
      ) : (
        <ul className="grid gap-1">
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <Link
                to="/swiss"
                search={{ taskId: candidate.id }}
                aria-current={candidate.id === selectedId ? 'page' : undefined}
                className="grid gap-0.5 rounded-md px-3 py-2 text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
              >
                <span className="line-clamp-2 font-medium break-words">{candidate.title}</span>
                <span className="text-xs text-muted-foreground">
                  {describeCandidate(candidate, formatMinutes)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
