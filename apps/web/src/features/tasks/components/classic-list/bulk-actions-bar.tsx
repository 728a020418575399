import type { ListSummary } from '@cairn/contracts/lists';
import { type BulkTasksBody, type Level, levels } from '@cairn/contracts/tasks';
import {
  ArchiveIcon,
  CalendarMinusIcon,
  CalendarPlusIcon,
  CheckIcon,
  type LucideIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { NativeSelect } from '../../../../components/ui/native-select';
import { toast } from '../../../../lib/toasts';
import { useBulkUpdateTasksMutation } from '../../api/tasks/bulk-update-tasks';
import { levelLabels } from '../task-markers';

interface BulkActionsBarProps {
  selectedIds: readonly string[];
  lists: readonly ListSummary[];
  onDone: () => void;
}

const NO_LIST = 'none';

/** The bulk actions that can be taken back, and the action that does it. */
const undoActions = {
  complete: 'uncomplete',
  archive: 'unarchive',
  delete: 'restore',
  addToToday: 'removeFromToday',
} as const;

/** The bar's buttons: the action, its label, and how the toast begins once it is done. */
const actionButtons: readonly {
  action: 'complete' | 'addToToday' | 'removeFromToday' | 'archive' | 'delete';
  label: string;
  done: string;
  Icon: LucideIcon;
  isDestructive?: boolean;
}[] = [
  { action: 'complete', label: 'Complete', done: 'Completed', Icon: CheckIcon },
  { action: 'addToToday', label: 'Add to Today', done: 'Added to Today:', Icon: CalendarPlusIcon },
  {
    action: 'removeFromToday',
    label: 'Remove from Today',
    done: 'Removed from Today:',
    Icon: CalendarMinusIcon,
  },
  { action: 'archive', label: 'Archive', done: 'Archived', Icon: ArchiveIcon },
  { action: 'delete', label: 'Delete', done: 'Moved to the trash:', Icon: Trash2Icon, isDestructive: true },
];

/** One change for every selected task, through the bulk endpoint. */
export function BulkActionsBar({ selectedIds, lists, onDone }: BulkActionsBarProps) {
  const bulk = useBulkUpdateTasksMutation();
  const count = selectedIds.length;
  const ids = [...selectedIds];

  function run(body: BulkTasksBody, done: string) {
    const undoAction =
      body.action in undoActions ? undoActions[body.action as keyof typeof undoActions] : undefined;
    bulk.mutate(body, {
      onSuccess: ({ updated }) => {
        toast.success(`${done} ${updated} ${updated === 1 ? 'task' : 'tasks'}`, {
          ...(undoAction && {
            action: { label: 'Undo', onClick: () => bulk.mutate({ action: undoAction, ids: body.ids }) },
          }),
        });
        onDone();
      },
    });
  }
  const level = (value: string): Level | undefined => levels.find((entry) => entry === value);

  return (
    <div
      role="toolbar"
      aria-label="Change the selected tasks"
      className="sticky bottom-3 z-20 flex flex-wrap items-center gap-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg"
    >
      <span className="px-1 text-sm font-medium" aria-live="polite">
        {count} selected
      </span>
      {actionButtons.map(({ action, label, done, Icon, isDestructive }) => (
        <Button
          key={action}
          size="sm"
          variant="outline"
          disabled={bulk.isPending}
          onClick={() => run({ action, ids }, done)}
          className={isDestructive ? 'text-destructive' : undefined}
        >
          <Icon aria-hidden />
          {label}
        </Button>
      ))}
      <NativeSelect
        aria-label="Move the selected tasks to a list"
        value=""
        disabled={bulk.isPending}
        onChange={(event) => {
          const value = event.target.value;
          if (value) run({ action: 'setList', ids, listId: value === NO_LIST ? null : value }, 'Moved');
        }}
      >
        <option value="">Set list…</option>
        <option value={NO_LIST}>No list</option>
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Set the urgency of the selected tasks"
        value=""
        disabled={bulk.isPending}
        onChange={(event) => {
          const urgency = level(event.target.value);
          if (urgency) run({ action: 'setUrgency', ids, urgency }, 'Updated');
        }}
      >
        <option value="">Urgency…</option>
        {levels.map((value) => (
          <option key={value} value={value}>
            {levelLabels[value]} urgency
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Set the importance of the selected tasks"
        value=""
        disabled={bulk.isPending}
        onChange={(event) => {
          const importance = level(event.target.value);
          if (importance) run({ action: 'setImportance', ids, importance }, 'Updated');
        }}
      >
        <option value="">Importance…</option>
        {levels.map((value) => (
          <option key={value} value={value}>
            {levelLabels[value]} importance
          </option>
        ))}
      </NativeSelect>
      <Button size="sm" variant="ghost" onClick={onDone} className="ml-auto">
        <XIcon aria-hidden />
        Clear selection
      </Button>
    </div>
  );
}
