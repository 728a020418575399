/**
 * A note's date as a list shows it, in the user's zone: the time for today, the day and month for this
 * year, the full date before that.
 */
export function formatNoteDate(instant: Date, { now, timeZone }: { now: Date; timeZone: string }): string {
  const dayOf = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      date,
    );
  if (dayOf(instant) === dayOf(now)) {
    return new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
      instant,
    );
  }
  const yearOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(date);
  const isThisYear = yearOf(instant) === yearOf(now);
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    month: 'short',
    day: 'numeric',
    ...(!isThisYear && { year: 'numeric' }),
  }).format(instant);
}
