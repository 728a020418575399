const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An instant in the browser's zone, as the admin tables show it; a dash when there is none. */
export function formatInstant(instant: Date | null): string {
  return instant ? dateTimeFormat.format(instant) : '—';
}

export function formatDate(instant: Date | null): string {
  return instant ? dateFormat.format(instant) : '—';
}
