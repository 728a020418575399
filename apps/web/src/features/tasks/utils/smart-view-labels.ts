import type { SmartView } from '@cairn/contracts/tasks';
import {
  ArchiveIcon,
  CalendarCheckIcon,
  CalendarClockIcon,
  CalendarDaysIcon,
  CalendarX2Icon,
  FlameIcon,
  InboxIcon,
  type LucideIcon,
  RepeatIcon,
  SparklesIcon,
  StarIcon,
  ZapIcon,
} from 'lucide-react';

export const smartViewLabels: Record<SmartView, { label: string; icon: LucideIcon }> = {
  today: { label: 'Today', icon: CalendarCheckIcon },
  tomorrow: { label: 'Tomorrow', icon: CalendarClockIcon },
  overdue: { label: 'Overdue', icon: CalendarX2Icon },
  urgent: { label: 'Urgent', icon: FlameIcon },
  important: { label: 'Important', icon: StarIcon },
  'top-priority': { label: 'Top priority', icon: ZapIcon },
  planned: { label: 'Planned', icon: CalendarDaysIcon },
  new: { label: 'New', icon: SparklesIcon },
  recurrent: { label: 'Recurring', icon: RepeatIcon },
  tasks: { label: 'All tasks', icon: InboxIcon },
  archived: { label: 'Archived', icon: ArchiveIcon },
};

/** The sidebar's order: what needs attention first. Archived tasks have their own page, linked below. */
export const sidebarSmartViews: readonly SmartView[] = [
  'today',
  'tomorrow',
  'overdue',
  'urgent',
  'important',
  'top-priority',
  'planned',
  'new',
  'recurrent',
  'tasks',
];
