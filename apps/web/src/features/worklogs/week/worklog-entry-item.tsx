import type { Worklog } from '@cairn/contracts/worklogs';
import {
  CopyIcon,
  EllipsisVerticalIcon,
  ExternalLinkIcon,
  GitPullRequestIcon,
  PencilIcon,
  Trash2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { entryTitle, timeRangeOf } from '../shared/entry-labels';
import { categoryLabel, type WorklogLookups } from '../shared/use-worklog-lookups';
import { formatClock, formatDecimalClock } from '../utils/durations';

interface WorklogEntryItemProps {
  worklog: Worklog;
  lookups: WorklogLookups;
  /** The entries its overlapsWith names, to say which. */
  overlapping: readonly Worklog[];
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

const isMultiplied = (multiplier: string) => !/^1(\.0*)?$/.test(multiplier);

/** One entry of a day: how long and when, for what, and a flag when its time overlaps another's. */
export function WorklogEntryItem({
  worklog,
  lookups,
  overlapping,
  onEdit,
  onCopy,
  onDelete,
}: WorklogEntryItemProps) {
  const project = lookups.projectById.get(worklog.projectId);
  const category = worklog.categoryId ? lookups.categoryById.get(worklog.categoryId) : undefined;
  const range = timeRangeOf(worklog);
  const title = entryTitle(worklog, lookups);
  const overlapText = overlapping
    .map((other) => timeRangeOf(other) ?? formatClock(other.duration))
    .join(', ');

  return (
    <div className="group flex items-start gap-3 px-3 py-2.5 sm:px-4" data-testid="worklog-entry">
      <div className="grid w-[5.5rem] shrink-0 gap-0.5 tabular-nums sm:w-28">
        <span className="font-semibold" data-testid="worklog-entry-duration">
          {formatClock(worklog.duration)}
        </span>
        {range && <span className="text-xs text-muted-foreground">{range}</span>}
        {isMultiplied(worklog.breaksMultiplier) && (
          <span className="text-xs text-muted-foreground">
            {formatDecimalClock(worklog.durationWithBreaks)} w/ breaks
          </span>
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className={worklog.description ? 'break-words' : 'break-words text-muted-foreground italic'}>
          {worklog.description || worklog.taskName || 'No description'}
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
          <span className="font-medium text-foreground/80">{project?.name ?? 'Unknown project'}</span>
          {category && (
            <>
              <span aria-hidden>·</span>
              <span>{categoryLabel(category)}</span>
            </>
          )}
          {worklog.taskName && worklog.description && (
            <>
              <span aria-hidden>·</span>
              <span>{worklog.taskName}</span>
            </>
          )}
          {worklog.taskUrl && (
            <a
              href={worklog.taskUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ExternalLinkIcon className="size-3" aria-hidden />
              Task
            </a>
          )}
          {worklog.pullRequestUrl && (
            <a
              href={worklog.pullRequestUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              <GitPullRequestIcon className="size-3" aria-hidden />
              Pull request
            </a>
          )}
        </p>
        {worklog.overlapsWith.length > 0 && (
          <p
            className="flex items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300"
            data-testid="worklog-overlap"
          >
            <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden />
            Overlaps{' '}
            {overlapText ||
              `${worklog.overlapsWith.length} other ${worklog.overlapsWith.length === 1 ? 'entry' : 'entries'}`}
          </p>
        )}
      </div>
      <div className="hidden shrink-0 gap-0.5 sm:flex sm:opacity-60 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onEdit}
          aria-label={`Edit “${title}”`}
        >
          <PencilIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onCopy}
          aria-label={`Copy “${title}” to another day`}
        >
          <CopyIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onDelete}
          aria-label={`Delete “${title}”`}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      {/* On a phone the three actions share one button, leaving the text the width. */}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 sm:hidden"
            aria-label={`Actions for “${title}”`}
          >
            <EllipsisVerticalIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <PencilIcon aria-hidden />
            Edit
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onCopy}>
            <CopyIcon aria-hidden />
            Copy to another day
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onDelete}>
            <Trash2Icon aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
