import { z } from 'zod';
import {
  MONTH_DAY_MODES,
  RECURRENCE_PRESETS,
  RECURRENCE_RULES,
  type RecurrenceOptions,
} from './recurrence-options';
import { validateRecurrenceOptions } from './validate-recurrence-options';

// Stored as ISO 8601 instants with an offset; decoded to Date, encoded back with toISOString.
const instantSchema = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

const weekdaySchema = z.int().min(0).max(6);

/**
 * The stored (JSON) form of recurrence options. `condition` is code-only and never stored.
 * Beyond shapes, it applies the same rules as validateRecurrenceOptions; each issue carries the
 * recurrence code in `params.code`.
 */
export const recurrenceOptionsSchema = z
  .object({
    rule: z.enum(RECURRENCE_RULES).optional(),
    startDate: instantSchema,
    timezone: z.string().min(1).optional(),
    interval: z.int().positive().optional(),
    count: z.int().positive().optional(),
    endDate: instantSchema.optional(),
    weekStartsOn: weekdaySchema.optional(),
    weekDays: z.array(weekdaySchema).min(1).optional(),
    monthDay: z.int().min(1).max(31).optional(),
    monthDayMode: z.enum(MONTH_DAY_MODES).optional(),
    nthWeekdayOfMonth: z
      .object({
        weekday: weekdaySchema,
        nth: z.union([z.literal([1, 2, 3, 4]), z.literal('last')]),
      })
      .optional(),
    excludeDates: z.array(instantSchema).min(1).optional(),
    preset: z.enum(RECURRENCE_PRESETS).optional(),
  })
  .check((context) => {
    for (const issue of validateRecurrenceOptions(context.value)) {
      context.issues.push({
        code: 'custom',
        message: issue.message,
        path: [issue.option],
        params: { code: issue.code },
        input: context.value,
      });
    }
  });

/** The JSON a recurrence is stored as. */
export type StoredRecurrenceOptions = z.input<typeof recurrenceOptionsSchema>;

// The decoded form must stay assignable to the engine's options.
recurrenceOptionsSchema satisfies z.ZodType<Omit<RecurrenceOptions, 'condition'>, StoredRecurrenceOptions>;
