import type { Level, Task } from '@cairn/contracts/tasks';
import {
  BellIcon,
  CalendarIcon,
  FlameIcon,
  GiftIcon,
  GitBranchIcon,
  ListChecksIcon,
  RepeatIcon,
  StarIcon,
} from 'lucide-react';
import { MaskIcon, maskImage } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';
import { useTimeZone } from '../../../lib/time-zone';
import { formatDueDate } from '../task-page/due-date';
import { getDueLabel } from '../utils/due-label';

export const levelLabels: Record<Level, string> = { low: 'Low', medium: 'Medium', high: 'High' };

// One element each: boards and lists mount these with every card and row that scrolls into view.
const icons = {
  due: maskImage(CalendarIcon),
  reminder: maskImage(BellIcon),
  repeat: maskImage(RepeatIcon),
  reward: maskImage(GiftIcon),
  urgency: maskImage(FlameIcon),
  importance: maskImage(StarIcon),
  checklist: maskImage(ListChecksIcon),
  subtasks: maskImage(GitBranchIcon),
};

const chip = 'inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-xs leading-none';

type MarkedTask = Pick<
  Task,
  | 'dueDate'
  | 'dueDateHasTime'
  | 'remindAt'
  | 'urgency'
  | 'importance'
  | 'checklistProgress'
  | 'subtaskProgress'
  | 'completedAt'
> &
  Partial<Pick<Task, 'recurrence' | 'reward' | 'rewardedAt'>>;

/**
 * The small facts under a task's title: due date (red when overdue), urgency and importance when not
 * medium, a bell when a reminder is set, the repeat rule (its next date on hover), a gift for a reward
 * not yet claimed, checklist progress ("2/4") and subtask progress ("1/3").
 */
export function TaskMarkers({ task, className }: { task: MarkedTask; className?: string }) {
  const timeZone = useTimeZone();
  const due = task.dueDate
    ? getDueLabel(task.dueDate, { now: new Date(), timeZone, hasTime: task.dueDateHasTime })
    : null;
  const { completed, total } = task.checklistProgress;
  const subtasks = task.subtaskProgress;
  const recurrence = task.recurrence;
  const nextDue = recurrence?.nextDate
    ? getDueLabel(recurrence.nextDate, { now: new Date(), timeZone, hasTime: task.dueDateHasTime })
    : null;
  const hasUnclaimedReward = Boolean(task.reward) && !task.rewardedAt;
  const hasAny =
    due ||
    recurrence ||
    hasUnclaimedReward ||
    (task.remindAt && !task.completedAt) ||
    task.urgency !== 'medium' ||
    task.importance !== 'medium' ||
    total > 0 ||
    subtasks.total > 0;
  if (!hasAny) return null;
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5 text-muted-foreground', className)}>
      {due && (
        <span
          title={due.title}
          className={cn(
            chip,
            'bg-muted',
            due.isOverdue && !task.completedAt && 'bg-destructive/10 text-destructive',
            due.isToday && !task.completedAt && 'bg-primary/10 text-primary',
          )}
        >
          <MaskIcon image={icons.due} className="inline-block size-3" />
          <span className="sr-only">Due </span>
          {due.text}
        </span>
      )}
      {task.remindAt && !task.completedAt && (
        <span
          className={cn(chip, 'bg-muted')}
          title={`Reminder ${formatDueDate(new Date(task.remindAt), timeZone)}`}
        >
          <MaskIcon image={icons.reminder} className="inline-block size-3" />
          <span className="sr-only">Reminder set</span>
        </span>
      )}
      {recurrence && (
        <span
          className={cn(chip, 'max-w-56 bg-muted')}
          title={nextDue ? `${recurrence.text}. Next: ${nextDue.title}` : recurrence.text}
        >
          <MaskIcon image={icons.repeat} className="inline-block size-3" />
          <span className="truncate">{recurrence.text}</span>
        </span>
      )}
      {hasUnclaimedReward && (
        <span
          className={cn(chip, task.completedAt ? 'bg-primary/10 text-primary' : 'bg-muted')}
          title={`Reward: ${task.reward}`}
        >
          <MaskIcon image={icons.reward} className="inline-block size-3" />
          <span className="sr-only">{task.completedAt ? 'Reward to claim' : 'Has a reward'}</span>
        </span>
      )}
      {task.urgency !== 'medium' && (
        <span
          className={cn(
            chip,
            task.urgency === 'high' ? 'bg-orange-500/15 text-orange-700 dark:text-orange-300' : 'bg-muted',
          )}
        >
          <MaskIcon image={icons.urgency} className="inline-block size-3" />
          {task.urgency === 'high' ? 'Urgent' : 'Not urgent'}
        </span>
      )}
      {task.importance !== 'medium' && (
        <span
          className={cn(
            chip,
            task.importance === 'high' ? 'bg-amber-500/15 text-amber-700 dark:text-amber-300' : 'bg-muted',
          )}
        >
          <MaskIcon image={icons.importance} className="inline-block size-3" />
          {task.importance === 'high' ? 'Important' : 'Minor'}
        </span>
      )}
      {total > 0 && (
        <span className={cn(chip, 'bg-muted', completed === total && 'text-primary')}>
          <MaskIcon image={icons.checklist} className="inline-block size-3" />
          <span className="sr-only">Checklist </span>
          {completed}/{total}
        </span>
      )}
      {subtasks.total > 0 && (
        <span className={cn(chip, 'bg-muted', subtasks.completed === subtasks.total && 'text-primary')}>
          <MaskIcon image={icons.subtasks} className="inline-block size-3" />
          {subtasks.completed}/{subtasks.total}
          <span className="sr-only"> {subtasks.total === 1 ? 'subtask' : 'subtasks'} done</span>
        </span>
      )}
    </div>
  );
}
