import { z } from 'zod';
import { idSchema, textSchema } from './common';

export const columnSchema = z.object({
  id: idSchema,
  name: z.string(),
  isDefault: z.boolean(),
  priority: z.number().int(),
  isCompletion: z.boolean(),
});
export type Column = z.infer<typeof columnSchema>;

export const columnListSchema = z.object({ items: z.array(columnSchema) });

const columnNameSchema = textSchema()
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be 100 characters or less');

export const createColumnBodySchema = z.strictObject({
  name: columnNameSchema,
  isCompletion: z.boolean().optional(),
});
export type CreateColumnBody = z.infer<typeof createColumnBodySchema>;

/** isDefault can only be turned on: some column is always the default. */
export const updateColumnBodySchema = z
  .strictObject({
    name: columnNameSchema,
    isDefault: z.literal(true),
    isCompletion: z.boolean(),
  })
  .partial();
export type UpdateColumnBody = z.infer<typeof updateColumnBodySchema>;
