import type { Tracker, TrackerGroup } from '@cairn/contracts/trackers';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface TrackerGroupSectionProps {
  /** Left out for the trackers in no group. */
  group?: TrackerGroup;
  trackers: readonly Tracker[];
  onEdit?: () => void;
  onDelete?: () => void;
  children: ReactNode;
}

/** A group's heading (colour, name, description, its actions) over its trackers. */
export function TrackerGroupSection({
  group,
  trackers,
  onEdit,
  onDelete,
  children,
}: TrackerGroupSectionProps) {
  const name = group?.name ?? 'No group';
  const headingId = `tracker-group-${group?.id ?? 'none'}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-testid="tracker-group">
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
            {group && (
              <span
                className="size-3 shrink-0 rounded-full border"
                style={{ backgroundColor: group.color ?? 'transparent' }}
                aria-hidden
              />
            )}
            <span className="truncate">{name}</span>
            <span className="text-sm font-normal text-muted-foreground">({trackers.length})</span>
          </h2>
          {group?.description && <p className="text-sm text-muted-foreground">{group.description}</p>}
        </div>
        {group && (
          <div className="flex shrink-0 gap-0.5">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={onEdit}
              aria-label={`Edit group ${name}`}
            >
              <PencilIcon aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={onDelete}
              aria-label={`Delete group ${name}`}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </div>
        )}
      </div>
      {trackers.length > 0 ? (
        <ul className="divide-y rounded-xl border bg-card">{children}</ul>
      ) : (
        <p className="rounded-xl border border-dashed p-3 text-sm text-muted-foreground">
          No trackers in this group yet.
        </p>
      )}
    </section>
  );
}
