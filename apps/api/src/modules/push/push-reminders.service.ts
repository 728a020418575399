import type { PushPayload } from '@cairn/contracts/push';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AppContext } from '../../lib/app-context';
import { type EnqueueJob, enqueueJobs } from '../jobs/job-queue';
import { RetryLaterError } from '../jobs/job-runner';
import { getScheduleLastSuccess } from '../jobs/jobs.service';
import { getTaskManagerConfig } from '../task-manager-config/task-manager-config.service';
import { countSmartViews, findTasks } from '../tasks/task-listing.service';
import { findTaskRow, findTasksWithInstantBetween } from '../tasks/tasks.service';
import { getUserRow } from '../users/users.service';
import type { PushSubscriptionRow } from './push.repository';
import {
  deliverPush,
  findActivePushSubscriptions,
  findPushSubscriptionRow,
  findUsersWithActivePush,
} from './push.service';
import { isDigestTime, isWithinWorkDay, localDate, nextWorkDayInstant, type WorkDay } from './work-hours';

/**
 * Which reminders are due and sending them. Every reminder is a `push:send` job per device whose dedupe
 * key names the device, the task, the kind and the instant, so it is enqueued once however often the
 * sweep sees it, and a reminder for a moved due time is a different job from the old one. The job reads
 * the task again before sending: a task completed, trashed or moved since sends nothing.
 */

const SWEEP_NAME = 'push:sweep';
/** The first sweep looks this far back. */
const FIRST_WINDOW_MS = 10 * 60_000;
/** Later sweeps start a little before the last one ended; the dedupe keys absorb the overlap. */
const OVERLAP_MS = 2 * 60_000;
/** After a long outage, reminders older than this are stale and not sent. */
const MAX_WINDOW_MS = 24 * 60 * 60_000;

export type ReminderJob =
  | { kind: 'due' | 'reminder'; userId: string; subscriptionId: string; taskId: string; instant: string }
  | { kind: 'digest'; userId: string; subscriptionId: string; date: string };

async function loadWorkDay(ctx: AppContext, userId: string): Promise<WorkDay> {
  const [user, config] = await Promise.all([
    getUserRow(ctx, { userId }),
    getTaskManagerConfig(ctx, { userId }),
  ]);
  return { timeZone: user.timezone, start: config.workDayStart, end: config.workDayEnd };
}

/** Where this sweep's window starts: where the last successful one ended (less an overlap). */
async function findSweepStart(ctx: AppContext, now: Date): Promise<Date> {
  const last = await getScheduleLastSuccess(ctx, SWEEP_NAME);
  const earliest = now.getTime() - MAX_WINDOW_MS;
  if (!last) return new Date(now.getTime() - FIRST_WINDOW_MS);
  return new Date(Math.min(now.getTime(), Math.max(earliest, last.getTime() - OVERLAP_MS)));
}

const sendJob = (options: { payload: ReminderJob; runAt: Date; dedupeKey: string }): EnqueueJob => ({
  name: 'push:send',
  payload: options.payload,
  runAt: options.runAt,
  dedupeKey: options.dedupeKey,
});

function reminderJobs(
  subscriptions: PushSubscriptionRow[],
  reminder: { kind: 'due' | 'reminder'; taskId: string; instant: Date; runAt: Date },
): EnqueueJob[] {
  const instant = reminder.instant.toISOString();
  return subscriptions.map((subscription) =>
    sendJob({
      payload: {
        kind: reminder.kind,
        userId: subscription.userId,
        subscriptionId: subscription.id,
        taskId: reminder.taskId,
        instant,
      },
      runAt: reminder.runAt,
      dedupeKey: `push:${subscription.id}:${reminder.taskId}:${reminder.kind}:${instant}`,
    }),
  );
}

/**
 * One sweep: the due and reminder instants in (window start, now], across the users who have a device,
 * and the morning digests whose time has come. Due-time reminders outside the user's work day wait for
 * the next work day's start; an explicit reminder goes out when asked.
 */
export async function sweepReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const userIds = await findUsersWithActivePush(ctx);
  if (userIds.length === 0) return 0;
  const after = await findSweepStart(ctx, now);
  const [subscriptions, tasks] = await Promise.all([
    findActivePushSubscriptions(ctx, { userIds }),
    findTasksWithInstantBetween(ctx, { userIds, after, until: now }),
  ]);
  const devicesOf = new Map<string, PushSubscriptionRow[]>();
  for (const subscription of subscriptions) {
    devicesOf.set(subscription.userId, [...(devicesOf.get(subscription.userId) ?? []), subscription]);
  }
  const workDays = new Map<string, Promise<WorkDay>>();
  const workDayOf = (userId: string) => {
    let workDay = workDays.get(userId);
    if (!workDay) {
      workDay = loadWorkDay(ctx, userId);
      workDays.set(userId, workDay);
    }
    return workDay;
  };
  const isInWindow = (instant: Date | null): instant is Date =>
    instant !== null && instant > after && instant <= now;

  const jobs: EnqueueJob[] = [];
  for (const task of tasks) {
    const devices = devicesOf.get(task.userId) ?? [];
    if (task.dueDateHasTime && isInWindow(task.dueDate)) {
      const workDay = await workDayOf(task.userId);
      const runAt = isWithinWorkDay(task.dueDate, workDay) ? now : nextWorkDayInstant(task.dueDate, workDay);
      jobs.push(...reminderJobs(devices, { kind: 'due', taskId: task.id, instant: task.dueDate, runAt }));
    }
    if (isInWindow(task.remindAt)) {
      jobs.push(
        ...reminderJobs(devices, { kind: 'reminder', taskId: task.id, instant: task.remindAt, runAt: now }),
      );
    }
  }
  for (const userId of userIds) {
    const workDay = await workDayOf(userId);
    if (!isDigestTime(now, workDay)) continue;
    const date = localDate(now, workDay.timeZone);
    jobs.push({
      name: 'push:digest',
      payload: { userId, date },
      runAt: now,
      dedupeKey: `digest:${userId}:${date}`,
    });
  }
  return enqueueJobs(ctx, jobs);
}

/** A user's digest of the day becomes one send per device, each once. */
export async function fanOutDigest(
  ctx: AppContext,
  options: { userId: string; date: string },
): Promise<void> {
  const devices = await findActivePushSubscriptions(ctx, { userIds: [options.userId] });
  await enqueueJobs(
    ctx,
    devices.map((subscription) =>
      sendJob({
        payload: {
          kind: 'digest',
          userId: options.userId,
          subscriptionId: subscription.id,
          date: options.date,
        },
        runAt: ctx.clock.now(),
        dedupeKey: `push:${subscription.id}:digest:${options.date}`,
      }),
    ),
  );
}

/** "14:30" today, "Tue 10 Mar 14:30" another day, in the user's zone. */
function formatInstant(instant: Date, timeZone: string, now: Date): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const sameDay = localDate(instant, timeZone) === localDate(now, timeZone);
  return format(local, sameDay ? 'HH:mm' : 'EEE d MMM HH:mm');
}

async function buildTaskPayload(
  ctx: AppContext,
  job: Extract<ReminderJob, { kind: 'due' | 'reminder' }>,
): Promise<PushPayload | undefined> {
  const task = await findTaskRow(ctx, { userId: job.userId, taskId: job.taskId });
  if (!task || task.completedAt || task.deletedAt || task.archivedAt) return undefined;
  const current = job.kind === 'due' ? (task.dueDateHasTime ? task.dueDate : null) : task.remindAt;
  // Moved or cleared since the sweep: the reminder for the new time is another job.
  if (current?.toISOString() !== job.instant) return undefined;
  const { timezone } = await getUserRow(ctx, { userId: job.userId });
  const now = ctx.clock.now();
  const due = task.dueDate && task.dueDateHasTime ? formatInstant(task.dueDate, timezone, now) : undefined;
  return {
    title: task.title,
    body: job.kind === 'due' ? `Due ${due}` : due ? `Reminder · due ${due}` : 'Reminder',
    url: `/tasks/${task.id}`,
    tag: `task-${task.id}`,
    kind: job.kind,
    taskId: task.id,
  };
}

const DIGEST_TITLES = 5;

async function buildDigestPayload(
  ctx: AppContext,
  job: Extract<ReminderJob, { kind: 'digest' }>,
): Promise<PushPayload | undefined> {
  const options = { userId: job.userId, requestTimeZone: undefined };
  const { timezone } = await getUserRow(ctx, job);
  // A digest retried past midnight belongs to a day that is over.
  if (localDate(ctx.clock.now(), timezone) !== job.date) return undefined;
  const counts = await countSmartViews(ctx, options);
  const open = counts.items.find((item) => item.view === 'today')?.open ?? 0;
  if (open === 0) return undefined;
  const page = await findTasks(ctx, {
    ...options,
    query: { view: 'today', status: 'open', limit: DIGEST_TITLES },
  });
  const titles = page.items.map((task) => task.title);
  const more = open - titles.length;
  return {
    title: `Today: ${open} ${open === 1 ? 'task' : 'tasks'}`,
    body: more > 0 ? `${titles.join(', ')} and ${more} more` : titles.join(', '),
    url: '/',
    tag: `digest-${job.date}`,
    kind: 'digest',
  };
}

/**
 * Sends one reminder to one device, if it still applies. A retired or removed device, and a task that
 * no longer asks for this reminder, end the job quietly; a busy or failing push service makes it run
 * again later (at its Retry-After when it gives one).
 */
export async function sendReminder(ctx: AppContext, job: ReminderJob): Promise<void> {
  const subscription = await findPushSubscriptionRow(ctx, job);
  if (!subscription?.isActive) return;
  const payload =
    job.kind === 'digest' ? await buildDigestPayload(ctx, job) : await buildTaskPayload(ctx, job);
  if (!payload) return;
  const outcome = await deliverPush(ctx, {
    subscription,
    payload,
    topicKey: job.kind === 'digest' ? `digest:${job.date}` : `${job.kind}:${job.taskId}:${job.instant}`,
    urgency: job.kind === 'digest' ? 'normal' : 'high',
    ttlSeconds: job.kind === 'digest' ? 12 * 3600 : 6 * 3600,
  });
  switch (outcome.outcome) {
    case 'delivered':
    case 'gone':
    case 'refused':
      return;
    case 'retry':
      throw new RetryLaterError(outcome.message, outcome.retryAt);
    case 'unresolved':
      throw new RetryLaterError(outcome.message);
    case 'rejected':
      throw new Error(outcome.message);
  }
}
