import { type RecurrenceOptions, recurrenceOptionsSchema } from '@cairn/recurrence';

/** Instants back to the ISO text they travel as; the API client turns them into Dates on arrival. */
function toJsonValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, toJsonValue(entry)]));
  }
  return value;
}

/**
 * The engine's options of a task's `quickurrence`, whether its dates are still ISO text or were revived
 * into Dates; undefined when there is none or it cannot be read.
 */
export function readStoredRecurrence(stored: unknown): RecurrenceOptions | undefined {
  if (stored === null || stored === undefined) return undefined;
  const parsed = recurrenceOptionsSchema.safeParse(toJsonValue(stored));
  return parsed.success ? parsed.data : undefined;
}
