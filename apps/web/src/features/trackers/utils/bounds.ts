import Decimal from 'decimal.js';

/** Whether a value lies outside [lower, upper]; a missing boundary holds nothing back. Exact, never floats. */
export function isOutsideBounds(value: string, lower: string | null, upper: string | null): boolean {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return false;
  const number = new Decimal(value);
  if (lower !== null && lower !== '' && number.lessThan(lower)) return true;
  if (upper !== null && upper !== '' && number.greaterThan(upper)) return true;
  return false;
}
