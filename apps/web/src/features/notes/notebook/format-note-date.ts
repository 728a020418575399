type Part = 'day' | 'year' | 'time' | 'dayMonth' | 'fullDate';

const partOptions: Record<Part, { locale: string | undefined; options: Intl.DateTimeFormatOptions }> = {
  // en-CA writes days as YYYY-MM-DD, which compare as plain strings.
  day: { locale: 'en-CA', options: { year: 'numeric', month: '2-digit', day: '2-digit' } },
  year: { locale: 'en-CA', options: { year: 'numeric' } },
  time: { locale: undefined, options: { hour: 'numeric', minute: '2-digit' } },
  dayMonth: { locale: undefined, options: { month: 'short', day: 'numeric' } },
  fullDate: { locale: undefined, options: { month: 'short', day: 'numeric', year: 'numeric' } },
};

/** Making a formatter costs far more than formatting with one, and a list shows a date on every row. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatPart(part: Part, date: Date, timeZone: string): string {
  const key = `${part}:${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const { locale, options } = partOptions[part];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/**
 * A note's date as a list shows it, in the user's zone: the time for today, the day and month for this
 * year, the full date before that.
 */
export function formatNoteDate(instant: Date, { now, timeZone }: { now: Date; timeZone: string }): string {
  if (formatPart('day', instant, timeZone) === formatPart('day', now, timeZone)) {
    return formatPart('time', instant, timeZone);
  }
  const isThisYear = formatPart('year', instant, timeZone) === formatPart('year', now, timeZone);
  return formatPart(isThisYear ? 'dayMonth' : 'fullDate', instant, timeZone);
}
