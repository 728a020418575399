import { z } from 'zod';

/** Views a user may pick as the landing page (spec section 2). */
export const defaultViews = ['kanban', 'classic-list', 'importance-grid'] as const;
export const defaultViewSchema = z.enum(defaultViews);
export type DefaultView = z.infer<typeof defaultViewSchema>;

const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time of day as HH:mm');

export const taskManagerConfigSchema = z.object({
  isBatchEnabled: z.boolean(),
  dailyLimit: z.number().int(),
  defaultView: defaultViewSchema.nullable(),
  isPeriodicalKanbanEnabled: z.boolean(),
  workDayStart: timeOfDaySchema.nullable(),
  workDayEnd: timeOfDaySchema.nullable(),
  allowPastOccurrences: z.boolean(),
  updateRecurrenceOnDueDateChange: z.boolean(),
});
export type TaskManagerConfig = z.infer<typeof taskManagerConfigSchema>;

export const updateTaskManagerConfigBodySchema = z
  .strictObject({
    isBatchEnabled: z.boolean(),
    dailyLimit: z.number().int().min(0).max(1000),
    defaultView: defaultViewSchema.nullable(),
    isPeriodicalKanbanEnabled: z.boolean(),
    workDayStart: timeOfDaySchema.nullable(),
    workDayEnd: timeOfDaySchema.nullable(),
    allowPastOccurrences: z.boolean(),
    updateRecurrenceOnDueDateChange: z.boolean(),
  })
  .partial();
export type UpdateTaskManagerConfigBody = z.infer<typeof updateTaskManagerConfigBodySchema>;
