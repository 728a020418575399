/**
 * Minutes and times as the work logs show them. Plain arithmetic, apart from durations.ts and its
 * decimal library, so the header's timer on every screen stays small.
 */

const MINUTES_PER_HOUR = 60;

/** 90 → "1:30", 5 → "0:05", 1500 → "25:00": the timesheet's h:mm. */
export function formatClock(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / MINUTES_PER_HOUR);
  return `${sign}${hours}:${String(whole % MINUTES_PER_HOUR).padStart(2, '0')}`;
}

/** 90 → "1 h 30 min", 185 → "3 h 05 min", 45 → "45 min", 120 → "2 h". */
export function formatDurationWords(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / MINUTES_PER_HOUR);
  const rest = whole % MINUTES_PER_HOUR;
  if (hours === 0) return `${rest} min`;
  if (rest === 0) return `${hours} h`;
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
}

/** Milliseconds as h:mm:ss, the running timer's face. */
export function formatElapsed(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
