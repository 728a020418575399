import { z } from 'zod';
import { idSchema, instantSchema } from './common';

export const jobStatusSchema = z.enum(['pending', 'running', 'done', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** One recurring system job and how its recent runs went. */
export const jobScheduleStatusSchema = z.object({
  name: z.string(),
  cron: z.string(),
  timeZone: z.string(),
  lastRunAt: instantSchema.nullable(),
  nextRunAt: instantSchema,
  lastSuccessAt: instantSchema.nullable(),
  /** Failed runs in a row; 0 after a success. */
  failures: z.number().int(),
  lastError: z.string().nullable(),
});
export type JobScheduleStatus = z.infer<typeof jobScheduleStatusSchema>;

export const jobQueueCountSchema = z.object({
  name: z.string(),
  status: jobStatusSchema,
  count: z.number().int(),
});
export type JobQueueCount = z.infer<typeof jobQueueCountSchema>;

export const failedJobSchema = z.object({
  id: idSchema,
  name: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: instantSchema,
  finishedAt: instantSchema.nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** What an admin reads of the background jobs: schedules, the queue by name and status, recent failures. */
export const jobsStatusSchema = z.object({
  schedules: z.array(jobScheduleStatusSchema),
  queue: z.array(jobQueueCountSchema),
  recentFailures: z.array(failedJobSchema),
});
export type JobsStatus = z.infer<typeof jobsStatusSchema>;
