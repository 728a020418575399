import { z } from 'zod';
import { type Plan, planSchema } from './users';

/** What a plan limits, each counted over everything the user owns. */
export const planLimitKeys = [
  'lists',
  'trackers',
  'dashboardCharts',
  'worklogProjects',
  'attachmentStorageBytes',
  'pushDevices',
] as const;
export type PlanLimitKey = (typeof planLimitKeys)[number];

const MEGABYTE = 1024 * 1024;

/**
 * The one table of plan limits. null: no limit. The API refuses a new item past its plan's limit
 * with 402 PLAN_LIMIT_REACHED; what already exists stays readable and editable after a downgrade.
 */
export const planLimits: Record<Plan, Record<PlanLimitKey, number | null>> = {
  free: {
    lists: 20,
    trackers: 20,
    dashboardCharts: 6,
    worklogProjects: 5,
    attachmentStorageBytes: 100 * MEGABYTE,
    pushDevices: 2,
  },
  premium: {
    lists: null,
    trackers: null,
    dashboardCharts: null,
    worklogProjects: null,
    attachmentStorageBytes: 10 * 1024 * MEGABYTE,
    pushDevices: null,
  },
};

/** How each limit is named to a person, in messages and on the profile. */
export const planLimitLabels: Record<PlanLimitKey, string> = {
  lists: 'Lists',
  trackers: 'Trackers',
  dashboardCharts: 'Dashboard charts',
  worklogProjects: 'Work-log projects',
  attachmentStorageBytes: 'Attachment storage',
  pushDevices: 'Push devices',
};

export const planLabels: Record<Plan, string> = { free: 'Free', premium: 'Premium' };

/** The 402 message: names the limit and the plan, e.g. "The Free plan allows 20 lists". */
export function planLimitMessage(options: { plan: Plan; key: PlanLimitKey; limit: number }): string {
  const { plan, key, limit } = options;
  const amount = key === 'attachmentStorageBytes' ? formatStorage(limit) : String(limit);
  const what =
    key === 'attachmentStorageBytes' ? 'of attachment storage' : planLimitLabels[key].toLowerCase();
  return `The ${planLabels[plan]} plan allows ${amount} ${what}`;
}

export function formatStorage(bytes: number): string {
  if (bytes >= 1024 * MEGABYTE && bytes % (1024 * MEGABYTE) === 0) return `${bytes / (1024 * MEGABYTE)} GB`;
  if (bytes >= MEGABYTE) return `${Math.round((bytes / MEGABYTE) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} B`;
}

export const planUsageItemSchema = z.object({
  key: z.enum(planLimitKeys),
  label: z.string(),
  used: z.number().int().min(0),
  /** null: the plan sets no limit. */
  limit: z.number().int().min(0).nullable(),
});
export type PlanUsageItem = z.infer<typeof planUsageItemSchema>;

/** GET /api/v1/users/me/usage */
export const planUsageSchema = z.object({
  plan: planSchema,
  items: z.array(planUsageItemSchema),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;
