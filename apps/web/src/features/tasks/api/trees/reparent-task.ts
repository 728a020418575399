import { type TaskDetail, type TaskTreeNode, taskSchema } from '@cairn/contracts/tasks';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { findNode, moveNode, type NeighbourPlacement } from '../../tree/tree-model';
import { invalidateTaskData, taskKeys } from '../task-keys';

export interface ReparentTaskVariables {
  taskId: string;
  /** The new parent, or null for the top level. */
  parentId: string | null;
  /** Where it shows among the new parent's children on screen, counted without the task itself. */
  index: number;
  /** The same place for the server, named by the neighbours on screen (see neighbourPlacement). */
  placement: NeighbourPlacement;
}

export async function reparentTask({ taskId, parentId, placement }: ReparentTaskVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/reparent`, {
    method: 'POST',
    body: { parentId, ...placement },
    schema: taskSchema,
  });
}

type Snapshot = [QueryKey, unknown][];

/** Moves the task in every cached tree, and reorders its parent's subtasks on the task page. */
function applyMove(queryClient: QueryClient, { taskId, parentId, index }: ReparentTaskVariables) {
  queryClient.setQueriesData<TaskTreeNode[]>({ queryKey: taskKeys.trees() }, (forest) =>
    forest && findNode(forest, taskId) ? moveNode(forest, taskId, { parentId, index }) : forest,
  );
  queryClient.setQueriesData<TaskDetail>({ queryKey: taskKeys.details() }, (detail) => {
    const child = detail?.children.find((entry) => entry.id === taskId);
    if (!detail || !child) return detail;
    const children = detail.children.filter((entry) => entry.id !== taskId);
    if (detail.id === parentId) children.splice(index, 0, child);
    return { ...detail, children };
  });
}

/**
 * Drag and drop in a tree or among subtasks: the task moves at once and goes back, with the API's reason
 * in a toast (a task cannot go under its own subtask), if the server refuses.
 */
export function useReparentTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reparentTask,
    meta: { errorMessage: 'Could not move the task; it is back where it was' },
    onMutate: async (variables) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: taskKeys.trees() }),
        queryClient.cancelQueries({ queryKey: taskKeys.details() }),
      ]);
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: taskKeys.trees() }),
        ...queryClient.getQueriesData({ queryKey: taskKeys.details() }),
      ];
      applyMove(queryClient, variables);
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: () => invalidateTaskData(queryClient),
  });
}
