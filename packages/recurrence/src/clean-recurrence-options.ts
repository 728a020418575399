import type { RecurrenceOptions } from './recurrence-options';

/**
 * Repairs options the way a form does before saving (spec section 4): drops what belongs to another
 * rule, settles the forbidden pairs by precedence, and drops empty lists and an interval of 1.
 */
export function cleanRecurrenceOptions(options: RecurrenceOptions): RecurrenceOptions {
  const cleaned: RecurrenceOptions = { ...options };
  if (cleaned.preset !== undefined) {
    // The preset overrides rule and weekdays, and wins over condition.
    cleaned.rule = 'weekly';
    delete cleaned.weekDays;
    delete cleaned.condition;
  }
  if (cleaned.rule !== 'weekly' || cleaned.weekDays?.length === 0) delete cleaned.weekDays;
  if (cleaned.rule !== 'monthly') {
    delete cleaned.monthDay;
    delete cleaned.monthDayMode;
    delete cleaned.nthWeekdayOfMonth;
  }
  if (cleaned.monthDay !== undefined) delete cleaned.nthWeekdayOfMonth;
  if (cleaned.count !== undefined) delete cleaned.endDate;
  if (cleaned.excludeDates?.length === 0) delete cleaned.excludeDates;
  if (cleaned.interval === 1) delete cleaned.interval;
  for (const [key, value] of Object.entries(cleaned)) {
    if (value === undefined) Reflect.deleteProperty(cleaned, key);
  }
  return cleaned;
}
