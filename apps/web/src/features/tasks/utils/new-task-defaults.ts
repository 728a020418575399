import type { CreateTaskBody } from '@cairn/contracts/tasks';
import type { TaskFiltersSearch } from './task-search';

/**
 * What a task added on a filtered screen starts with, so it shows up where it was typed: the chosen list,
 * urgency and importance, and what the smart view asks for (Today, Urgent, Important, Top priority).
 */
export function getNewTaskDefaults(search: TaskFiltersSearch): Omit<CreateTaskBody, 'title'> {
  const defaults: Omit<CreateTaskBody, 'title'> = {};
  if (search.listId) defaults.listId = search.listId;
  if (search.urgency) defaults.urgency = search.urgency;
  if (search.importance) defaults.importance = search.importance;
  if (search.view === 'today') defaults.addedToToday = true;
  if (search.view === 'urgent' || search.view === 'top-priority') defaults.urgency = 'high';
  if (search.view === 'important' || search.view === 'top-priority') defaults.importance = 'high';
  return defaults;
}
