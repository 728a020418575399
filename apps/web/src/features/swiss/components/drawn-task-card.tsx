import type { Task } from '@cairn/contracts/tasks';
import { Link } from '@tanstack/react-router';
import { ArrowUpRightIcon, CheckIcon, FolderIcon, SkipForwardIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { ShortcutButton, ShortcutKey } from './shortcut-button';

interface DrawnTaskCardProps {
  task: Task;
  /** The task's list by name; null for a task in no list, undefined while the lists load. */
  listName: string | null | undefined;
  /** Due date, urgency and importance, as the task screens mark them. */
  markers: ReactNode;
  /** What the draw chose among (describeDraw). */
  drawnFrom: string;
  /** What the card is waiting for, if anything: its buttons wait too. */
  busyText: string | null;
  onDone: () => void;
  onSkip: () => void;
}

/** The task the draw picked, with what to do about it. */
export function DrawnTaskCard({
  task,
  listName,
  markers,
  drawnFrom,
  busyText,
  onDone,
  onSkip,
}: DrawnTaskCardProps) {
  const titleId = useId();
  const isBusy = busyText !== null;
  return (
    <Card aria-labelledby={titleId} aria-busy={isBusy} className="grid gap-5 p-5 sm:p-8">
      <div
        className={cn('grid gap-3 motion-safe:transition-opacity', isBusy && 'opacity-50')}
        aria-live="polite"
        aria-atomic
      >
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          <FolderIcon className="size-4 shrink-0" aria-hidden />
          <span className="sr-only">List: </span>
          <span className="min-w-0 truncate">{listName === null ? 'No list' : (listName ?? '…')}</span>
        </p>
        <h2 id={titleId} className="text-xl font-semibold break-words sm:text-2xl">
          {task.title}
        </h2>
        {markers}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <ShortcutButton shortcut="d" onClick={onDone} isWaiting={isBusy}>
          <CheckIcon aria-hidden />
          Done
        </ShortcutButton>
        <ShortcutButton shortcut="s" variant="outline" onClick={onSkip} isWaiting={isBusy}>
          <SkipForwardIcon aria-hidden />
          Skip
        </ShortcutButton>
        <Button asChild variant="outline" aria-keyshortcuts="o">
          <Link to="/tasks/$taskId" params={{ taskId: task.id }}>
            <ArrowUpRightIcon aria-hidden />
            Open
            <ShortcutKey letter="o" />
          </Link>
        </Button>
        {isBusy && (
          <span role="status" className="col-span-3 text-sm text-muted-foreground">
            {busyText}…
          </span>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{drawnFrom}.</p>
    </Card>
  );
}
