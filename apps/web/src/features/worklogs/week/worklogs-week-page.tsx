import type { CreateWorklogBody, Worklog } from '@cairn/contracts/worklogs';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, FolderCogIcon, TimerIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { useTimeZone } from '../../../lib/time-zone';
import { useCreateWorklogMutation } from '../api/create-worklog';
import { useDeleteWorklogMutation } from '../api/delete-worklog';
import { worklogWeekQueryOptions } from '../api/get-worklogs';
import { useUpdateWorklogMutation } from '../api/update-worklog';
import { ProjectsCategoriesDialog } from '../manage/projects-categories-dialog';
import { entryTitle } from '../shared/entry-labels';
import { useWorklogLookups, type WorklogLookups } from '../shared/use-worklog-lookups';
import { WorklogEntryForm } from '../shared/worklog-entry-form';
import { WorklogEmptyState, WorklogViewState } from '../shared/worklog-view-state';
import { WorklogsNav } from '../shared/worklogs-nav';
import {
  addDays,
  daysOfWeek,
  formatDay,
  formatDayRange,
  formatShortDay,
  startOfWeek,
} from '../utils/calendar-days';
import { formatClock, formatDecimalClock, hasBreaks, sumEntries } from '../utils/durations';
import { readLastUsed, rememberLastUsed } from '../utils/last-used';
import { zonedToday } from '../utils/today';
import {
  draftFromWorklog,
  emptyWorklogDraft,
  readDraftTiming,
  type WorklogDraft,
} from '../utils/worklog-draft';
import { CopyWorklogDialog } from './copy-worklog-dialog';
import { WeekDaySection } from './week-day-section';
import { WorklogEntryItem } from './worklog-entry-item';

interface WorklogsWeekPageProps {
  /** The week's Monday; undefined for this week. */
  week: string | undefined;
  onWeekChange: (monday: string | undefined) => void;
}

/** Entries with times first, in time order; the rest in the order they were written. */
function compareEntries(first: Worklog, second: Worklog): number {
  if (first.startTime && second.startTime && first.startTime !== second.startTime)
    return first.startTime < second.startTime ? -1 : 1;
  if (first.startTime && !second.startTime) return -1;
  if (!first.startTime && second.startTime) return 1;
  return first.createdAt.getTime() - second.createdAt.getTime();
}

function firstDraft(lookups: WorklogLookups, workDate: string): WorklogDraft {
  const lastUsed = readLastUsed();
  const isLastProjectLive = lookups.activeProjects.some((project) => project.id === lastUsed?.projectId);
  const isLastCategoryThere = lookups.categoryById.has(lastUsed?.categoryId ?? '');
  return emptyWorklogDraft({
    projectId: isLastProjectLive && lastUsed ? lastUsed.projectId : (lookups.activeProjects[0]?.id ?? ''),
    categoryId: isLastProjectLive && isLastCategoryThere && lastUsed ? lastUsed.categoryId : '',
    workDate,
  });
}

/** The next entry after one is added: same project, category and day, starting where that one ended. */
function nextDraftAfter(saved: WorklogDraft, body: CreateWorklogBody): WorklogDraft {
  rememberLastUsed({ projectId: saved.projectId, categoryId: saved.categoryId });
  return emptyWorklogDraft({
    projectId: saved.projectId,
    categoryId: saved.categoryId,
    workDate: saved.workDate,
    start: body.endTime && !body.crossesMidnight ? body.endTime : '',
  });
}

function addedMessage(_body: CreateWorklogBody, draft: WorklogDraft): string {
  const timing = readDraftTiming(draft);
  const minutes = timing.kind === 'span' || timing.kind === 'duration' ? timing.minutes : 0;
  return `Added ${formatClock(minutes)} on ${formatShortDay(draft.workDate)}.`;
}

/**
 * The week view: Monday to Sunday with each day's entries and totals, the week's total, a form to add
 * time from the keyboard, and each entry's edit, copy and delete.
 */
export function WorklogsWeekPage({ week, onWeekChange }: WorklogsWeekPageProps) {
  const timeZone = useTimeZone();
  const today = zonedToday(timeZone);
  const thisMonday = startOfWeek(today);
  const monday = week ?? thisMonday;
  const days = daysOfWeek(monday);
  const { lookups, isPending, isError, refetch } = useWorklogLookups();
  const weekQuery = useQuery(worklogWeekQueryOptions(monday));
  const create = useCreateWorklogMutation();
  const update = useUpdateWorklogMutation();
  const remove = useDeleteWorklogMutation();
  const [isManageOpen, setIsManageOpen] = useState(false);
  const [editingId, setEditingId] = useState<string>();
  const [copying, setCopying] = useState<Worklog>();
  const [deleting, setDeleting] = useState<Worklog>();
  // Remounts the add form on a chosen day ("+" on a day), its start field focused.
  const [formSeed, setFormSeed] = useState<{ count: number; day?: string }>({ count: 0 });

  const entries = weekQuery.data?.items;
  const byDay = useMemo(() => {
    const grouped = new Map<string, Worklog[]>();
    for (const entry of entries ?? [])
      grouped.set(entry.workDate, [...(grouped.get(entry.workDate) ?? []), entry]);
    for (const list of grouped.values()) list.sort(compareEntries);
    return grouped;
  }, [entries]);
  const byId = useMemo(() => new Map((entries ?? []).map((entry) => [entry.id, entry])), [entries]);
  const weekTotals = sumEntries(entries ?? []);
  const formDay =
    formSeed.day && days.includes(formSeed.day) ? formSeed.day : days.includes(today) ? today : monday;

  function addOn(day: string) {
    setFormSeed((current) => ({ count: current.count + 1, day }));
    document.getElementById('worklog-add')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  const header = (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Work log</h1>
        <p className="text-sm text-muted-foreground">Time spent per project, day by day.</p>
      </div>
      <Button variant="outline" size="sm" className="sm:h-10 sm:px-4" onClick={() => setIsManageOpen(true)}>
        <FolderCogIcon aria-hidden />
        Projects and categories
      </Button>
    </header>
  );

  let body: ReactNode;
  if (isPending) body = <WorklogViewState kind="loading" title="Loading your projects" />;
  else if (isError || !lookups)
    body = <WorklogViewState kind="error" title="Your projects could not be loaded" onRetry={refetch} />;
  else if (lookups.activeProjects.length === 0 && (entries?.length ?? 0) === 0) {
    body = (
      <WorklogEmptyState
        icon={<TimerIcon aria-hidden />}
        title={lookups.projects.length === 0 ? 'Start with a project' : 'Every project has ended'}
        action={
          <Button onClick={() => setIsManageOpen(true)}>
            {lookups.projects.length === 0 ? 'Create a project' : 'Manage projects'}
          </Button>
        }
      >
        {lookups.projects.length === 0
          ? 'Time is logged against a project: a client, a product, or simply "Personal". Create one, and categories such as Development or Meetings if you like, then log your first hour.'
          : 'Reopen a project or create another to log time.'}
      </WorklogEmptyState>
    );
  } else {
    body = (
      <>
        {lookups.activeProjects.length > 0 && (
          <Card id="worklog-add" className="scroll-mt-20">
            <CardHeader className="flex-row items-baseline justify-between gap-2 pb-3 sm:pb-3">
              <CardTitle className="text-base">Add time</CardTitle>
              <p className="hidden text-xs text-muted-foreground sm:block">
                Type 8:30 or 830, 1h30 or 90; Enter saves. Press{' '}
                <kbd className="rounded border px-1 font-mono">N</kbd> to come back here.
              </p>
            </CardHeader>
            <CardContent>
              <WorklogEntryForm
                key={`${monday}-${formSeed.count}`}
                lookups={lookups}
                initialDraft={firstDraft(lookups, formDay)}
                label="Add time"
                submitLabel="Add"
                onSubmit={(body) => create.mutateAsync(body)}
                nextDraft={nextDraftAfter}
                savedMessage={addedMessage}
                autoFocus={formSeed.count > 0 ? 'start' : undefined}
                isShortcutTarget
              />
            </CardContent>
          </Card>
        )}
        {weekQuery.isPending ? (
          <WorklogViewState kind="loading" title="Loading the week" />
        ) : weekQuery.isError && !entries ? (
          <WorklogViewState
            kind="error"
            title="The week could not be loaded"
            onRetry={() => void weekQuery.refetch()}
          />
        ) : (
          <div
            className={cn('grid gap-3 transition-opacity', weekQuery.isPlaceholderData && 'opacity-60')}
            aria-busy={weekQuery.isPlaceholderData}
          >
            {days.map((day) => (
              <WeekDaySection
                key={day}
                day={day}
                entries={byDay.get(day) ?? []}
                isToday={day === today}
                onAdd={() => addOn(day)}
                renderEntry={(worklog) =>
                  editingId === worklog.id ? (
                    <WorklogEntryForm
                      lookups={lookups}
                      initialDraft={draftFromWorklog(worklog)}
                      label={`Edit “${entryTitle(worklog, lookups)}”`}
                      submitLabel="Save"
                      className="bg-muted/30 px-3 py-3 sm:px-4"
                      autoFocus="start"
                      onSubmit={(body) =>
                        update
                          .mutateAsync({ worklogId: worklog.id, body })
                          .then(() => setEditingId(undefined))
                      }
                      onCancel={() => setEditingId(undefined)}
                    />
                  ) : (
                    <WorklogEntryItem
                      worklog={worklog}
                      lookups={lookups}
                      overlapping={worklog.overlapsWith.flatMap((id) => byId.get(id) ?? [])}
                      onEdit={() => setEditingId(worklog.id)}
                      onCopy={() => setCopying(worklog)}
                      onDelete={() => setDeleting(worklog)}
                    />
                  )
                }
              />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="grid min-w-0 gap-4">
      {header}
      <WorklogsNav current="week" />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Choose the week</legend>
          <Button
            variant="outline"
            size="icon"
            className="size-9"
            aria-label="Previous week"
            onClick={() => onWeekChange(addDays(monday, -7))}
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={monday === thisMonday}
            onClick={() => onWeekChange(undefined)}
          >
            This week
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-9"
            aria-label="Next week"
            onClick={() => onWeekChange(addDays(monday, 7))}
          >
            <ChevronRightIcon aria-hidden />
          </Button>
        </fieldset>
        <h2 className="text-lg font-semibold" aria-live="polite" data-testid="worklog-week-range">
          <span className="sr-only">Week of </span>
          {formatDayRange(days[0] ?? monday, days[6] ?? monday)}
        </h2>
        {entries && (
          <p className="text-sm tabular-nums sm:ml-auto" data-testid="worklog-week-total">
            Week total <span className="font-semibold">{formatClock(weekTotals.duration)}</span>
            {hasBreaks(weekTotals) && (
              <span className="text-muted-foreground">
                {' '}
                · {formatDecimalClock(weekTotals.durationWithBreaks)} with breaks
              </span>
            )}
          </p>
        )}
      </div>
      {body}
      <ProjectsCategoriesDialog isOpen={isManageOpen} onOpenChange={setIsManageOpen} />
      {lookups && (
        <CopyWorklogDialog
          worklog={copying}
          title={copying ? entryTitle(copying, lookups) : ''}
          today={today}
          onOpenChange={(open) => !open && setCopying(undefined)}
          onCopied={(workDate) => {
            if (!days.includes(workDate))
              onWeekChange(startOfWeek(workDate) === thisMonday ? undefined : startOfWeek(workDate));
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete this entry?"
        description={
          deleting && lookups
            ? `“${entryTitle(deleting, lookups)}”, ${formatClock(deleting.duration)} on ${formatDay(deleting.workDate)}, will be deleted. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
