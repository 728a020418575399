import { DRAW_SKIP_MINUTES, type RandomTask, type RandomTaskQuery } from '@cairn/contracts/task-planning';
import type { AppContext } from '../../lib/app-context';
import * as planning from './task-planning.repository';
import { getLiveTaskRow, getTask, type TaskScope } from './tasks.service';

/**
 * Swiss-random: one open task at a time, drawn on the server so that skips hold on every device.
 * The weighting lives with the query (task-planning.repository.ts).
 */

export async function drawRandomTask(
  ctx: AppContext,
  options: { userId: string; query: RandomTaskQuery },
): Promise<RandomTask> {
  const now = ctx.clock.now();
  const drawn = await planning.drawTask(ctx.db, {
    userId: options.userId,
    listId: options.query.listId,
    now,
    skippedSince: new Date(now.getTime() - DRAW_SKIP_MINUTES * 60_000),
    seed: options.query.seed,
  });
  return {
    task: drawn.taskId ? await getTask(ctx, { userId: options.userId, taskId: drawn.taskId }) : null,
    candidates: drawn.candidates,
    skipped: drawn.skipped,
  };
}

/** Keeps the task out of draws for the next hour. */
export async function skipInDraw(ctx: AppContext, scope: TaskScope): Promise<void> {
  await getLiveTaskRow(ctx, scope);
  await planning.markDrawSkipped(ctx.db, { ...scope, at: ctx.clock.now() });
}
