import type { Tracker, TrackerGroup } from '@cairn/contracts/trackers';
import { Link } from '@tanstack/react-router';
import { ActivityIcon, CpuIcon, FolderPlusIcon, ListIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteTrackerMutation } from '../api/delete-tracker';
import { useDeleteTrackerGroupMutation } from '../api/delete-tracker-group';
import { SPARKLINE_DAYS, useRecentValues } from '../api/get-recent-values';
import { useTrackerGroups } from '../api/get-tracker-groups';
import { useTrackers } from '../api/get-trackers';
import { TrackerEmptyState, TrackerViewState } from '../shared/tracker-view-state';
import { useCurrencyCodes } from '../shared/use-currency-codes';
import { GroupDialog } from './group-dialog';
import { SystemTrackersDialog } from './system-trackers-dialog';
import { TrackerDialog } from './tracker-dialog';
import { TrackerGroupSection } from './tracker-group-section';
import { TrackerRow } from './tracker-row';

type OpenDialog =
  | { kind: 'group'; group?: TrackerGroup }
  | { kind: 'tracker'; tracker?: Tracker }
  | { kind: 'system' }
  | { kind: 'delete-group'; group: TrackerGroup }
  | { kind: 'delete-tracker'; tracker: Tracker };

const byPriority = <Item extends { priority: number; name: string }>(a: Item, b: Item) =>
  a.priority - b.priority || a.name.localeCompare(b.name);

/** /trackers/: the groups with their trackers, each with its last value, its last days and a quick entry. */
export function TrackersPage() {
  const trackers = useTrackers();
  const groups = useTrackerGroups();
  const recent = useRecentValues(SPARKLINE_DAYS);
  const currencyCodes = useCurrencyCodes();
  const [dialog, setDialog] = useState<OpenDialog>();
  const deleteTracker = useDeleteTrackerMutation();
  const deleteGroup = useDeleteTrackerGroupMutation();
  const close = () => setDialog(undefined);

  const sections = useMemo(() => {
    if (!trackers.data || !groups.data) return undefined;
    const sorted = [...trackers.data].sort(byPriority);
    const known = new Set(groups.data.map((group) => group.id));
    return {
      grouped: [...groups.data].sort(byPriority).map((group) => ({
        group,
        trackers: sorted.filter((tracker) => tracker.groupId === group.id),
      })),
      ungrouped: sorted.filter((tracker) => tracker.groupId === null || !known.has(tracker.groupId)),
    };
  }, [trackers.data, groups.data]);

  const row = (tracker: Tracker) => (
    <TrackerRow
      key={tracker.id}
      tracker={tracker}
      currencyCode={tracker.currencyId ? currencyCodes.get(tracker.currencyId) : undefined}
      points={recent.data?.get(tracker.id)}
      sparklineDays={SPARKLINE_DAYS}
      onEdit={(edited) => setDialog({ kind: 'tracker', tracker: edited })}
      onDelete={(deleted) => setDialog({ kind: 'delete-tracker', tracker: deleted })}
    />
  );

  let body: ReactNode;
  if (trackers.isPending || groups.isPending)
    body = <TrackerViewState kind="loading" title="Loading your trackers" />;
  else if (!sections)
    body = (
      <TrackerViewState
        kind="error"
        title="Your trackers could not be loaded"
        onRetry={() => {
          void trackers.refetch();
          void groups.refetch();
        }}
      />
    );
  else if (trackers.data?.length === 0 && groups.data?.length === 0)
    body = (
      <TrackerEmptyState
        icon={<ActivityIcon aria-hidden />}
        title="No trackers yet"
        action={
          <Button onClick={() => setDialog({ kind: 'tracker' })}>
            <PlusIcon aria-hidden />
            Create your first tracker
          </Button>
        }
      >
        Track anything you can put a number on: weight, sleep, mood, savings. Log a value a day and see where
        it goes, or calculate one from others.
      </TrackerEmptyState>
    );
  else
    body = (
      <div className="grid gap-6">
        {sections.grouped.map(({ group, trackers: members }) => (
          <TrackerGroupSection
            key={group.id}
            group={group}
            trackers={members}
            onEdit={() => setDialog({ kind: 'group', group })}
            onDelete={() => setDialog({ kind: 'delete-group', group })}
          >
            {members.map(row)}
          </TrackerGroupSection>
        ))}
        {(sections.ungrouped.length > 0 || sections.grouped.length === 0) && (
          <TrackerGroupSection trackers={sections.ungrouped}>
            {sections.ungrouped.map(row)}
          </TrackerGroupSection>
        )}
      </div>
    );

  return (
    <div className="grid min-w-0 gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">Trackers</h1>
          <p className="text-sm text-muted-foreground">
            Values you follow day by day, typed, calculated or kept for you.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm" className="sm:h-10 sm:px-4">
            <Link to="/trackers/logs">
              <ListIcon aria-hidden />
              All logs
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="sm:h-10 sm:px-4"
            onClick={() => setDialog({ kind: 'system' })}
          >
            <CpuIcon aria-hidden />
            System trackers
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="sm:h-10 sm:px-4"
            onClick={() => setDialog({ kind: 'group' })}
          >
            <FolderPlusIcon aria-hidden />
            New group
          </Button>
          <Button size="sm" className="sm:h-10 sm:px-4" onClick={() => setDialog({ kind: 'tracker' })}>
            <PlusIcon aria-hidden />
            New tracker
          </Button>
        </div>
      </header>
      {body}
      {dialog?.kind === 'group' && <GroupDialog group={dialog.group} onClose={close} />}
      {dialog?.kind === 'tracker' && (
        <TrackerDialog
          tracker={dialog.tracker}
          groups={groups.data ?? []}
          trackers={trackers.data ?? []}
          onClose={close}
        />
      )}
      {dialog?.kind === 'system' && <SystemTrackersDialog onClose={close} />}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete-group'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={dialog?.kind === 'delete-group' ? `Delete group “${dialog.group.name}”?` : ''}
        description="Its trackers and their logs stay, under “No group”."
        confirmLabel="Delete group"
        onConfirm={() => dialog?.kind === 'delete-group' && deleteGroup.mutate(dialog.group.id)}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete-tracker'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={dialog?.kind === 'delete-tracker' ? `Delete “${dialog.tracker.name}”?` : ''}
        description={
          dialog?.kind === 'delete-tracker'
            ? `The tracker and its ${dialog.tracker.logCount} ${dialog.tracker.logCount === 1 ? 'log' : 'logs'} will be deleted. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete tracker"
        onConfirm={() => dialog?.kind === 'delete-tracker' && deleteTracker.mutate(dialog.tracker.id)}
      />
    </div>
  );
}
