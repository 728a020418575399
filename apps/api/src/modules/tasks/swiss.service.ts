import type { SwissCandidate, SwissDeck } from '@cairn/contracts/task-planning';
import type { AppContext } from '../../lib/app-context';
import { buildSwissDeck } from './swiss-deck';
import * as planning from './task-planning.repository';
import { getLiveTaskRow, getTask, type TaskScope } from './tasks.service';

/** The Swiss-cheese method: which big tasks to cut into holes, and a big task's deck of holes. */

const CANDIDATE_LIMIT = 20;

export async function findSwissCandidates(
  ctx: AppContext,
  options: { userId: string },
): Promise<{ items: SwissCandidate[] }> {
  const rows = await planning.findSwissCandidates(ctx.db, { ...options, limit: CANDIDATE_LIMIT });
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      estimatedTime: row.estimated_time,
      openSubtasks: Number(row.open_subtasks),
      openChecklistItems: Number(row.open_checklist_items),
    })),
  };
}

export async function getSwissDeck(ctx: AppContext, scope: TaskScope): Promise<SwissDeck> {
  await getLiveTaskRow(ctx, scope);
  const treeRows = await planning.findSwissTree(ctx.db, scope);
  const [task, items] = await Promise.all([
    getTask(ctx, scope),
    planning.findChecklistsOf(ctx.db, { userId: scope.userId, taskIds: treeRows.map((row) => row.id) }),
  ]);
  return {
    task,
    ...buildSwissDeck({
      rootId: scope.taskId,
      tasks: treeRows.map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        title: row.title,
        estimatedTime: row.estimated_time,
        isCompleted: row.completed_at !== null,
      })),
      items: items.map((item) => ({
        id: item.id,
        taskId: item.taskId,
        title: item.title,
        isCompleted: item.completedAt !== null,
      })),
    }),
  };
}
