import { z } from 'zod';
import { idSchema, instantSchema, textSchema } from './common';

export const hexColorSchema = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Color must be a valid hex color');

export const listSchema = z.object({
  id: idSchema,
  name: z.string(),
  priority: z.number().int(),
  color: z.string().nullable(),
  group: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type List = z.infer<typeof listSchema>;

/** A list as the sidebar shows it, with its task counts. */
export const listSummarySchema = listSchema.extend({
  openTasksCount: z.number().int(),
  completedTasksCount: z.number().int(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listSummariesSchema = z.object({ items: z.array(listSummarySchema) });

const listNameSchema = textSchema()
  .trim()
  .min(1, 'Name is required')
  .max(255, 'Name must be 255 characters or less');

export const createListBodySchema = z.strictObject({
  name: listNameSchema,
  color: hexColorSchema.nullable().optional(),
  group: textSchema().trim().max(100).nullable().optional(),
});
export type CreateListBody = z.infer<typeof createListBodySchema>;

export const updateListBodySchema = z
  .strictObject({
    name: listNameSchema,
    color: hexColorSchema.nullable(),
    group: textSchema().trim().max(100).nullable(),
  })
  .partial();
export type UpdateListBody = z.infer<typeof updateListBodySchema>;

/** The new order, as every id of the collection from first to last. */
export const reorderBodySchema = z.strictObject({
  ids: z
    .array(idSchema)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once'),
});
export type ReorderBody = z.infer<typeof reorderBodySchema>;
