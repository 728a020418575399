import type { ChecklistItem, TaskDetail } from '@cairn/contracts/tasks';
import type { QueryClient } from '@tanstack/react-query';
import { taskKeys } from '../task-keys';
import { patchCachedTask } from '../tasks/task-cache';

/**
 * The checklist is shown from the task's detail, so optimistic changes edit it there and recount the
 * progress the same way the API does (optional items do not count).
 */
export async function snapshotDetail(queryClient: QueryClient, taskId: string) {
  await queryClient.cancelQueries({ queryKey: taskKeys.detail(taskId) });
  return queryClient.getQueryData<TaskDetail>(taskKeys.detail(taskId));
}

export function restoreDetail(queryClient: QueryClient, taskId: string, detail: TaskDetail | undefined) {
  if (!detail) return;
  queryClient.setQueryData(taskKeys.detail(taskId), detail);
  patchCachedTask(queryClient, taskId, { checklistProgress: detail.checklistProgress });
}

/**
 * Once the server has answered: the task's own page (a small request, made only while it is shown)
 * is refreshed; the listings were kept right in place (their checklist badge) and are not refetched.
 */
export function settleChecklist(queryClient: QueryClient, taskId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId), exact: true });
}

/** Edits the checklist in the task's detail, and its "3/5" badge wherever the task is listed. */
export function setCachedChecklist(
  queryClient: QueryClient,
  taskId: string,
  update: (items: ChecklistItem[]) => ChecklistItem[],
): void {
  const detail = queryClient.setQueryData<TaskDetail>(taskKeys.detail(taskId), (current) => {
    if (!current) return current;
    const checklistItems = update(current.checklistItems);
    return { ...current, checklistItems, checklistProgress: getChecklistProgress(checklistItems) };
  });
  if (detail) patchCachedTask(queryClient, taskId, { checklistProgress: detail.checklistProgress });
}

/** Done and total of the items that count: optional ones are left out, as in the API's badge. */
export function getChecklistProgress(items: readonly ChecklistItem[]): { completed: number; total: number } {
  const counted = items.filter((item) => !item.isOptional);
  return { completed: counted.filter((item) => item.completedAt !== null).length, total: counted.length };
}

/** Items on screen that the server has not saved yet, by their temporary id, each settling to the saved id. */
const savingDrafts = new Map<string, Promise<string>>();

/** The temporary id a saved item was first shown under, by its saved id. */
const keysOfSavedDrafts = new Map<string, string>();

/**
 * A key for the item's row that stays the same when its temporary id is swapped for the saved one, so
 * the row is not rebuilt (and a menu opened on it meanwhile stays open).
 */
export function getChecklistItemKey(id: string): string {
  return keysOfSavedDrafts.get(id) ?? id;
}

/**
 * Registers a just-added item; call the returned function with the saved id once the server answers (or
 * with nothing when it refused the item). Edits made meanwhile wait for it through toSavedId.
 */
export function trackDraft(draftId: string): (savedId?: string) => void {
  let settle: (id: string) => void = () => {};
  savingDrafts.set(
    draftId,
    new Promise<string>((resolve) => {
      settle = resolve;
    }),
  );
  return (savedId) => {
    if (savedId) keysOfSavedDrafts.set(savedId, draftId);
    settle(savedId ?? draftId);
    savingDrafts.delete(draftId);
  };
}

/**
 * The id to send the server: an item ticked, renamed or dragged right after it was added may still carry
 * its temporary id, so the request waits until the item is saved.
 */
export async function toSavedId(id: string): Promise<string> {
  return (await savingDrafts.get(id)) ?? id;
}
