import type { Worklog } from '@cairn/contracts/worklogs';
import type { WorklogLookups } from './use-worklog-lookups';

/** "08:30–10:00", "22:30–01:15 (+1 day)", or null for an entry logged as a duration alone. */
export function timeRangeOf(
  worklog: Pick<Worklog, 'startTime' | 'endTime' | 'crossesMidnight'>,
): string | null {
  if (!worklog.startTime || !worklog.endTime) return null;
  return `${worklog.startTime}–${worklog.endTime}${worklog.crossesMidnight ? ' (+1 day)' : ''}`;
}

/** What an entry is called in labels: its description, else its task, else its project. */
export function entryTitle(worklog: Worklog, lookups: WorklogLookups): string {
  return (
    worklog.description || worklog.taskName || lookups.projectById.get(worklog.projectId)?.name || 'Entry'
  );
}
