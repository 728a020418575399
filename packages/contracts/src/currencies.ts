import { z } from 'zod';
import { decimalSchema, idSchema, instantSchema } from './common';

export const currencySchema = z.object({
  id: idSchema,
  code: z.string(),
  numericCode: z.string(),
  name: z.string(),
  symbol: z.string(),
  minorUnits: z.number().int(),
  rate: decimalSchema,
  rateUpdatedAt: instantSchema.nullable(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyListSchema = z.object({ items: z.array(currencySchema) });
