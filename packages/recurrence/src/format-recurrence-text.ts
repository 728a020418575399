import { getCivilFromDay, getModulo } from './calendar-day';
import type { RecurrencePreset } from './recurrence-options';
import type { ResolvedRecurrence } from './resolve-recurrence';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const NTH_NAMES = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', last: 'last' } as const;
const PERIOD_NAMES = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as const;
const PRESET_NAMES = {
  businessDays: 'business day',
  weekends: 'weekend day',
} as const satisfies Record<RecurrencePreset, string>;

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function formatOrdinal(value: number): string {
  const lastTwo = value % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${value}th`;
  const suffixes = ['th', 'st', 'nd', 'rd'];
  return `${value}${suffixes[value % 10] ?? 'th'}`;
}

function formatDay(calendarDay: number): string {
  const { year, month, day } = getCivilFromDay(calendarDay);
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

function formatPeriod(resolved: ResolvedRecurrence): string {
  const unit = PERIOD_NAMES[resolved.rule];
  return resolved.interval === 1 ? `Every ${unit}` : `Every ${resolved.interval} ${unit}s`;
}

function formatDays(resolved: ResolvedRecurrence, preset: RecurrencePreset | undefined): string {
  const { rule, startDay, weekStartsOn, weekOffsets, monthDay, monthDayMode, nthWeekdayOfMonth } = resolved;
  if (preset) {
    const name = PRESET_NAMES[preset];
    return resolved.interval === 1 ? `Every ${name}` : `${formatPeriod(resolved)} on every ${name}`;
  }
  const period = formatPeriod(resolved);
  switch (rule) {
    case 'daily':
      return period;
    case 'weekly': {
      const names = weekOffsets.map((offset) => WEEKDAY_NAMES[getModulo(offset + weekStartsOn, 7)] ?? '');
      return `${period} on ${joinWords(names)}`;
    }
    case 'monthly': {
      if (nthWeekdayOfMonth) {
        return `${period} on the ${NTH_NAMES[nthWeekdayOfMonth.nth]} ${WEEKDAY_NAMES[nthWeekdayOfMonth.weekday]}`;
      }
      const day = monthDay ?? getCivilFromDay(startDay).day;
      if (day <= 28) return `${period} on the ${formatOrdinal(day)}`;
      return monthDayMode === 'last'
        ? `${period} on the ${formatOrdinal(day)} or the month's last day`
        : `${period} on the ${formatOrdinal(day)}, skipping shorter months`;
    }
    case 'yearly': {
      const { month, day } = getCivilFromDay(startDay);
      return `${period} on ${MONTH_NAMES[month - 1]} ${day}`;
    }
  }
}

/** English summary, e.g. "Every 2 weeks on Monday and Friday, 10 times". */
export function formatRecurrenceText(
  resolved: ResolvedRecurrence,
  preset: RecurrencePreset | undefined,
): string {
  const parts = [formatDays(resolved, preset)];
  if (resolved.count !== undefined) parts.push(resolved.count === 1 ? 'once' : `${resolved.count} times`);
  if (resolved.endDay !== undefined) parts.push(`until ${formatDay(resolved.endDay)}`);
  const excluded = resolved.excludedDays.size;
  if (excluded > 0) parts.push(`except ${excluded === 1 ? '1 day' : `${excluded} days`}`);
  return parts.join(', ');
}
