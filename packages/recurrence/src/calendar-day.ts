// Calendar days are whole days counted from 1970-01-01 in the proleptic Gregorian calendar.
// Arithmetic on these integers is what keeps the engine exact: no instants, no DST, no loops over time.

export const DAY_MS = 86_400_000;

export interface CivilDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

/** Remainder that is never negative, so days before 1970 behave like the ones after. */
export function getModulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

export function getGreatestCommonDivisor(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    [x, y] = [y, x % y];
  }
  return x;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function getDaysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_LENGTHS[month - 1] ?? 31);
}

// Howard Hinnant's days_from_civil: exact for every year, no Date involved.
export function getDayFromCivil(year: number, month: number, day: number): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

// Howard Hinnant's civil_from_days, the inverse of getDayFromCivil.
export function getCivilFromDay(calendarDay: number): CivilDate {
  const shifted = calendarDay + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** 0 = Sunday … 6 = Saturday; 1970-01-01 was a Thursday. */
export function getWeekday(calendarDay: number): number {
  return getModulo(calendarDay + 4, 7);
}

/** Months counted from January of year 0, so month arithmetic is integer addition. */
export function getMonthIndex(year: number, month: number): number {
  return year * 12 + month - 1;
}

export function getYearMonthFromIndex(monthIndex: number): { year: number; month: number } {
  const year = Math.floor(monthIndex / 12);
  return { year, month: monthIndex - year * 12 + 1 };
}

export function formatCalendarDay(calendarDay: number): string {
  const { year, month, day } = getCivilFromDay(calendarDay);
  const yearText = year < 0 ? `-${String(-year).padStart(6, '0')}` : String(year).padStart(4, '0');
  return `${yearText}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
