import { MAX_TASK_DEPTH } from '@cairn/contracts/tasks';
import type { AppContext } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import * as repository from './tasks.repository';

/** The rules of where a task may hang: no loops, no deeper than the limit. */

export function tooDeep(deepestLevel?: number): AppError {
  return new AppError('TOO_DEEP', `Subtasks can be nested at most ${MAX_TASK_DEPTH} levels deep`, {
    ...(deepestLevel === undefined
      ? {}
      : { detail: `The deepest subtask would be at level ${deepestLevel}` }),
  });
}

/**
 * A parent must be one of the user's live tasks, must not sit at or below the task itself, and must
 * leave the task's whole subtree within the depth limit. Call it with the task tree locked, so the
 * answer still holds when the change is written.
 */
export async function assertValidParent(
  ctx: AppContext,
  options: { userId: string; taskId?: string; parentId: string },
) {
  const { userId } = options;
  const parent = await repository.findTask(ctx.db, { userId, taskId: options.parentId });
  if (!parent || parent.deletedAt) throw notFound('Parent task');
  const problem = await repository.findParentProblem(ctx.db, {
    userId,
    taskId: options.taskId,
    parentId: parent.id,
  });
  switch (problem?.problem) {
    case undefined:
      return;
    case 'inside-itself':
      throw new AppError('INVALID_PARENT', 'A task cannot be placed under itself or one of its own subtasks');
    case 'loop':
      throw new AppError(
        'INVALID_PARENT',
        'The chosen parent sits in a loop of subtasks; move one of them to the top level first',
      );
    case 'too-deep':
      throw tooDeep(problem.deepestLevel);
  }
}
