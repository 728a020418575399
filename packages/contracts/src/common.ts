import { z } from 'zod';

/** Header carrying the browser's IANA time zone on every request (spec section 7). */
export const TIMEZONE_HEADER = 'x-timezone';

export const idSchema = z.uuid();

export const idParamsSchema = z.strictObject({ id: idSchema });

/** Instants travel as ISO strings with offset; both sides revive them to Date through this schema. */
export const instantSchema = z.date();

/** A calendar day, YYYY-MM-DD. */
export const calendarDaySchema = z.iso.date();

/** Decimals travel as strings so no value ever passes through a float (numeric(20,6) in the database). */
export const decimalSchema = z
  .string()
  .regex(
    /^-?\d{1,14}(\.\d{1,6})?$/,
    'Must be a decimal number with at most 14 digits before and 6 after the point',
  );

export function isValidTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .min(1, 'Time zone is required')
  .refine(isValidTimeZone, 'Must be an IANA time zone such as Europe/Warsaw');

/** A collection that can grow answers one page at a time. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const successSchema = z.object({ success: z.literal(true) });
