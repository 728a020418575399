import type {
  StartWorklogTimerBody,
  Worklog,
  WorklogTimer,
  WorklogTimerState,
} from '@cairn/contracts/worklogs';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { findTaskRow } from '../tasks/tasks.service';
import { resolveTimeZone } from '../users/users.service';
import { getCategoryRow } from './categories.service';
import { insertEntry, resolveReferences, taskPageUrl } from './entries.service';
import { toTimerEntry } from './entry-times';
import type { TimerRow } from './timer.repository';
import * as repository from './timer.repository';

/**
 * The running timer: one per user, kept in the database, so a reload, another device and a server
 * restart all see the same one. Stopping it makes an entry.
 */

function toTimer(row: TimerRow): WorklogTimer {
  return {
    projectId: row.projectId,
    categoryId: row.categoryId,
    taskId: row.taskId,
    description: row.description,
    startedAt: row.startedAt,
  };
}

export async function getTimer(ctx: AppContext, options: { userId: string }): Promise<WorklogTimerState> {
  const row = await repository.findTimer(ctx.db, options.userId);
  return { timer: row ? toTimer(row) : null };
}

export async function startTimer(
  ctx: AppContext,
  options: { userId: string; body: StartWorklogTimerBody },
): Promise<WorklogTimerState> {
  const { userId, body } = options;
  await resolveReferences(ctx, { userId, ...body });
  const row = await repository.insertTimerIfNone(ctx.db, {
    userId,
    projectId: body.projectId,
    categoryId: body.categoryId ?? null,
    taskId: body.taskId ?? null,
    description: body.description ?? '',
    startedAt: ctx.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', 'A timer is already running; stop it first');
  return { timer: toTimer(row) };
}

/**
 * Stops the timer and logs its time as an entry on the day it started, in the user's time zone (the
 * request's, else the profile's). The timer goes only if the entry is made. A task purged while the
 * timer ran is simply not linked.
 */
export async function stopTimer(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; description: string | undefined },
): Promise<Worklog> {
  const { userId } = options;
  const timeZone = await resolveTimeZone(ctx, options);
  return inTransaction(ctx, async (tx) => {
    const timer = requireOwned(await repository.deleteTimer(tx.db, userId), 'Running timer');
    const now = tx.clock.now();
    const timing = toTimerEntry({ startedAt: timer.startedAt, stoppedAt: now, timeZone });
    const [task, category] = await Promise.all([
      timer.taskId ? findTaskRow(tx, { userId, taskId: timer.taskId }) : undefined,
      timer.categoryId ? getCategoryRow(tx, { userId, categoryId: timer.categoryId }) : undefined,
    ]);
    return insertEntry(tx, {
      userId,
      projectId: timer.projectId,
      categoryId: timer.categoryId,
      taskId: task ? task.id : null,
      taskName: task ? task.title : '',
      taskUrl: task ? taskPageUrl(tx, task.id) : null,
      pullRequestUrl: null,
      description: options.description ?? timer.description,
      ...timing,
      breaksMultiplier: category?.breaksMultiplier ?? '1',
      createdAt: now,
      updatedAt: now,
    });
  });
}

export async function discardTimer(ctx: AppContext, options: { userId: string }): Promise<void> {
  requireOwned(await repository.deleteTimer(ctx.db, options.userId), 'Running timer');
}
