import type { SwissHole } from '@cairn/contracts/task-planning';
import { Link } from '@tanstack/react-router';
import { ArrowDownToLineIcon, ArrowUpRightIcon, CheckIcon, ClockIcon, SkipForwardIcon } from 'lucide-react';
import { type Ref, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ShortcutButton } from './shortcut-button';

interface HoleCardProps {
  hole: SwissHole;
  /** The big task, first in the hole's path. */
  bigTaskTitle: string;
  /** Cards still to deal this round, this one included. */
  remaining: number;
  formatMinutes: (minutes: number) => string;
  /** Focused when a new round starts, as the button that started it is gone. */
  doneButtonRef?: Ref<HTMLButtonElement>;
  onDone: () => void;
  onSkip: () => void;
  onLater: () => void;
}

const kindLabels: Record<SwissHole['kind'], string> = {
  subtask: 'Subtask',
  checklistItem: 'Checklist item',
};

/**
 * One hole at a time: where it sits in the big task, its title and estimate, and what to do with it.
 * The buttons stay the same elements from card to card, so the keyboard focus stays on them.
 */
export function HoleCard({
  hole,
  bigTaskTitle,
  remaining,
  formatMinutes,
  doneButtonRef,
  onDone,
  onSkip,
  onLater,
}: HoleCardProps) {
  const titleId = useId();
  const path = [bigTaskTitle, ...hole.path];
  const isLast = remaining <= 1;
  return (
    <Card aria-labelledby={titleId} className="grid gap-5 p-5 sm:p-8">
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="font-medium tracking-wide uppercase">{kindLabels[hole.kind]}</span>
        <span>{isLast ? 'Last card this round' : `${remaining} cards left this round`}</span>
      </div>
      <div className="grid gap-2" aria-live="polite" aria-atomic>
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm break-words text-muted-foreground">
          <span className="sr-only">In </span>
          {path.map((title, index) => (
            // Titles may repeat along a path; their place does not.
            // biome-ignore lint/suspicious/noArrayIndexKey: the path is rebuilt whole with each card
            <span key={index} className="flex min-w-0 items-center gap-x-1.5">
              {index > 0 && <span aria-hidden>›</span>}
              <span className="min-w-0 break-words">{title}</span>
            </span>
          ))}
        </p>
        <h3 id={titleId} className="text-xl font-semibold break-words sm:text-2xl">
          {hole.title}
        </h3>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <ClockIcon className="size-4" aria-hidden />
          {hole.estimatedTime === null ? 'No estimate' : formatMinutes(hole.estimatedTime)}
        </p>
      </div>
      <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <ShortcutButton ref={doneButtonRef} shortcut="d" onClick={onDone}>
          <CheckIcon aria-hidden />
          Done
        </ShortcutButton>
        <ShortcutButton shortcut="s" variant="outline" onClick={onSkip}>
          <SkipForwardIcon aria-hidden />
          Skip
        </ShortcutButton>
        <ShortcutButton
          shortcut="l"
          variant="outline"
          onClick={onLater}
          disabled={isLast}
          title={isLast ? 'This is the last card: there is nothing to put it behind' : undefined}
        >
          <ArrowDownToLineIcon aria-hidden />
          Later
        </ShortcutButton>
        <Button asChild variant="ghost" size="sm" className="col-span-3 justify-self-start sm:ml-auto">
          <Link to="/tasks/$taskId" params={{ taskId: hole.taskId }}>
            <ArrowUpRightIcon aria-hidden />
            {hole.kind === 'subtask' ? 'Open subtask' : 'Open its task'}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
