import type { TrackerValueFormat } from '@cairn/contracts/trackers';
import { formatMoney, formatNumber } from '../../../lib/format-number';

export interface ValueFormatting {
  valueFormat: TrackerValueFormat;
  /** ISO 4217 code of a currency tracker's currency; USD when not known. */
  currencyCode?: string | undefined;
  unit?: string | null | undefined;
  /** At most this many places after the point (rounded half away from zero); 6 by default. */
  maxDecimals?: number | undefined;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Places a value needs: its own digits after the point, up to the 6 a log keeps. */
function decimalsOf(value: string): number {
  const point = value.indexOf('.');
  if (point < 0) return 0;
  return Math.min(6, value.length - point - 1 - (value.slice(point + 1).match(/0*$/)?.[0].length ?? 0));
}

/**
 * A tracker's value as a person reads it, exactly (the decimal string never becomes a float):
 * "1234.5" → "$1,234.50" for a currency tracker, "12.5%" for a percentage (the value is the percentage
 * itself), "72.4 kg" for a number with a unit.
 */
export function formatTrackerValue(value: string, formatting: ValueFormatting): string {
  // Anything else (a result the server words differently) is shown as it came, never thrown on.
  if (!DECIMAL.test(value)) return value;
  const decimals = Math.min(decimalsOf(value), formatting.maxDecimals ?? 6);
  if (formatting.valueFormat === 'currency') {
    return formatMoney(value, {
      currency: formatting.currencyCode ?? 'USD',
      decimals: Math.max(2, decimals),
    });
  }
  const number = formatNumber(value, { decimals });
  if (formatting.valueFormat === 'percentage') return `${number}%`;
  const unit = formatting.unit?.trim();
  return unit ? `${number} ${unit}` : number;
}

/** Where a value stands against the tracker's boundaries, for the out-of-bounds mark's text. */
export function boundsLabel(lower: string | null, upper: string | null): string {
  if (lower !== null && upper !== null) return `outside ${lower} to ${upper}`;
  if (lower !== null) return `below ${lower}`;
  if (upper !== null) return `above ${upper}`;
  return 'out of bounds';
}
