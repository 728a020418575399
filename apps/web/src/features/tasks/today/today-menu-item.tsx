import type { Task } from '@cairn/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { CalendarMinusIcon, CalendarPlusIcon } from 'lucide-react';
import { useId } from 'react';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { getBrowserTimeZone } from '../../../lib/api-client';
import { todayPlanQueryOptions } from './api/get-today-plan';
import { isInToday } from './today-membership';
import { findTodayFullReason } from './today-plan-summary';
import { useTodayMembership } from './use-today-membership';

interface TodayMenuItemProps {
  task: Task;
}

/**
 * "Add to Today" or "Remove from Today" in a task's menu. At the daily limit the add item stays
 * focusable, so a keyboard or screen reader user reaches it and hears why it does nothing. Rendered
 * only while the menu is open, so Today's plan and the change are set up then, not for every row on
 * screen (the change and its toast outlive the menu, which closes as it starts).
 */
export function TodayMenuItem({ task }: TodayMenuItemProps) {
  const reasonId = useId();
  const plan = useQuery(todayPlanQueryOptions());
  const today = useTodayMembership();
  const onAdd = () => today.addToToday(task);
  const onRemove = () => today.removeFromToday(task);

  if (isInToday(task, { now: new Date(), timeZone: getBrowserTimeZone() })) {
    return (
      <DropdownMenuItem onSelect={onRemove}>
        <CalendarMinusIcon aria-hidden />
        Remove from Today
      </DropdownMenuItem>
    );
  }

  // A completed task does not count against the limit, so it can always be added.
  const fullReason = task.completedAt === null && plan.data ? findTodayFullReason(plan.data) : undefined;
  if (fullReason) {
    return (
      <DropdownMenuItem
        aria-disabled
        aria-describedby={reasonId}
        className="items-start text-muted-foreground focus:text-muted-foreground"
        // Keeps the menu open: nothing happens, and the reason stays on screen.
        onSelect={(event) => event.preventDefault()}
      >
        <CalendarPlusIcon aria-hidden className="mt-0.5" />
        <span className="grid gap-0.5">
          <span>Add to Today</span>
          <span id={reasonId} className="text-xs">
            {fullReason}
          </span>
        </span>
      </DropdownMenuItem>
    );
  }

  const limit = plan.data?.dailyLimit ?? 0;
  return (
    <DropdownMenuItem onSelect={onAdd}>
      <CalendarPlusIcon aria-hidden />
      Add to Today
      {plan.data && limit > 0 && task.completedAt === null && (
        <span className="ml-auto pl-3 text-xs tabular-nums text-muted-foreground">
          {plan.data.openCount} of {limit}
        </span>
      )}
    </DropdownMenuItem>
  );
}
