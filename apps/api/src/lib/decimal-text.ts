import { DECIMAL_INTEGER_DIGITS, DECIMAL_SCALE, formatDecimal } from './decimal';

/** A plain decimal as PostgreSQL writes numeric: sign, digits without leading zeros, up to six places. */
const PLAIN_DECIMAL = new RegExp(
  `^(-?)(0|[1-9]\\d{0,${DECIMAL_INTEGER_DIGITS - 1}})(?:\\.(\\d{1,${DECIMAL_SCALE}}))?$`,
);

/**
 * formatDecimal for the text of a numeric(20,6) value read from the database, in string operations:
 * only the trailing zeros of its places go, and "-0" becomes "0". Reports write thousands of these per
 * answer, where a decimal.js object per value costs more than the statement. Anything else (more
 * places to round, an exponent, too many digits) takes formatDecimal's path and its answer.
 */
export function formatDecimalText(text: string): string {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return formatDecimal(text);
  const [, sign, integer, places = ''] = match;
  let end = places.length;
  while (end > 0 && places.charCodeAt(end - 1) === 48) end -= 1;
  const fraction = places.slice(0, end);
  if (integer === '0' && fraction === '') return '0';
  return fraction === '' ? `${sign}${integer}` : `${sign}${integer}.${fraction}`;
}
