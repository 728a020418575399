import Decimal from 'decimal.js';
import { AppError } from './app-error';

/**
 * Decimals on the API side: what numeric(20,6) columns hold and the wire carries as strings
 * ("-?digits(.digits)"). Arithmetic outside SQL goes through decimal.js, never through floats.
 */

/** Digits before and after the point that numeric(20,6) holds. */
export const DECIMAL_INTEGER_DIGITS = 14;
export const DECIMAL_SCALE = 6;

const WIRE_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * A decimal.js constructor wide enough for sums and products of numeric(20,6) values, whatever a
 * global configuration says; halves round away from zero, as people round money.
 */
export const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Exact = Decimal;

function invalid(text: string): AppError {
  return new AppError('VALIDATION_FAILED', `"${text}" is not a decimal number`);
}

/** Reads a wire or database decimal ("12.5", "-0.000100"); anything else is refused with a 400. */
export function parseDecimal(text: string): Decimal {
  if (!WIRE_PATTERN.test(text)) throw invalid(text);
  return new Exact(text);
}

/**
 * Writes a decimal for the wire: rounded to the column's scale, without trailing zeros or an
 * exponent, and "0" for a negative zero. A value numeric(20,6) cannot hold is refused with a 400.
 */
export function formatDecimal(value: Decimal.Value): string {
  const rounded = new Exact(value).toDecimalPlaces(DECIMAL_SCALE);
  if (!rounded.isFinite() || rounded.abs().gte(new Exact(10).pow(DECIMAL_INTEGER_DIGITS))) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Decimals have at most ${DECIMAL_INTEGER_DIGITS} digits before the point`,
    );
  }
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed();
}
