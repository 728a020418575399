import { z } from 'zod';

/** Header carrying the browser's IANA time zone on every request (spec section 7). */
export const TIMEZONE_HEADER = 'x-timezone';

/**
 * Ids are UUIDs; an id written in capitals names the same row, so it is lower-cased on the way in
 * (the database and every comparison in code then see one spelling).
 */
export const idSchema = z.uuid().overwrite((value) => value.toLowerCase());

/** Instants travel as ISO strings with offset; both sides revive them to Date through this schema. */
export const instantSchema = z.date();

const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/**
 * An instant sent by a client: an ISO string with offset, in the years 1 to 9999 once in UTC, the
 * range every database, driver and date library here agrees on.
 */
export const instantInputSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}, `Must be a date between the years ${FIRST_YEAR} and ${LAST_YEAR}`);

const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text a database can store: no NUL character (PostgreSQL refuses it) and no half of a surrogate pair. */
export function isStorableText(value: string): boolean {
  return !value.includes(NUL) && !LONE_SURROGATE.test(value);
}

/**
 * The one string schema for text that clients send: every input text field starts from it, so a
 * NUL byte or a broken character is a clear 400 instead of a database error.
 */
export function textSchema(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, 'Must not contain NUL or unpaired surrogate characters');
}

/** A calendar day, YYYY-MM-DD. */
export const calendarDaySchema = z.iso.date();

/** Decimals travel as strings so no value ever passes through a float (numeric(20,6) in the database). */
export const decimalSchema = z
  .string()
  .regex(
    /^-?\d{1,14}(\.\d{1,6})?$/,
    'Must be a decimal number with at most 14 digits before and 6 after the point',
  );

/** Zones already checked: building an Intl formatter costs ~0.1 ms, and every request names one. */
const checkedTimeZones = new Map<string, boolean>();
const MAX_CHECKED_TIME_ZONES = 1000;

export function isValidTimeZone(zone: string): boolean {
  const known = checkedTimeZones.get(zone);
  if (known !== undefined) return known;
  let isValid = zone.trim() !== '';
  if (isValid) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
    } catch {
      isValid = false;
    }
  }
  // Bounded, so a client sending a new made-up zone each time cannot grow it without limit.
  if (checkedTimeZones.size >= MAX_CHECKED_TIME_ZONES) checkedTimeZones.clear();
  checkedTimeZones.set(zone, isValid);
  return isValid;
}

export const timeZoneSchema = textSchema()
  .min(1, 'Time zone is required')
  .refine(isValidTimeZone, 'Must be an IANA time zone such as Europe/Warsaw');

/** A collection that can grow answers one page at a time. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const successSchema = z.object({ success: z.literal(true) });

export const idParamsSchema = z.strictObject({ id: idSchema });
