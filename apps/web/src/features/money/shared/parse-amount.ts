/** numeric(20,6): at most 14 digits before the point and 6 after (the contract's decimalSchema). */
const MAX_INTEGER_DIGITS = 14;
const MAX_FRACTION_DIGITS = 6;

export type ParsedAmount = { amount: string; error?: undefined } | { amount?: undefined; error: string };

/**
 * An amount as typed into a field, as the API takes it: "1,234.50", "1234,5" and "12" all read, spaces
 * are ignored. With both a comma and a point, the last one is the decimal separator and the other
 * groups thousands; a lone comma followed by one to two digits, or by more than three, is decimal.
 * Never passes through a float.
 */
export function parseAmount(input: string): ParsedAmount {
  let text = input.replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return { error: 'Enter an amount' };
  if (text.startsWith('-')) return { error: 'Amount must be greater than 0' };
  if (text.startsWith('+')) text = text.slice(1);
  const lastComma = text.lastIndexOf(',');
  const lastPoint = text.lastIndexOf('.');
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimalSeparator = lastComma > lastPoint ? ',' : '.';
    const groupSeparator = decimalSeparator === ',' ? '.' : ',';
    text = text.replaceAll(groupSeparator, '').replace(decimalSeparator, '.');
  } else if (lastComma >= 0) {
    const commas = text.split(',').length - 1;
    const digitsAfter = text.length - lastComma - 1;
    // "1,234" and "1,234,567" group thousands; "12,5" and "0,125" (one comma) are decimals.
    const isGrouping = commas > 1 || (digitsAfter === 3 && !text.startsWith('0,'));
    text = isGrouping ? text.replaceAll(',', '') : text.replace(',', '.');
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === ''))
    return { error: 'Enter a number, such as 12.50' };
  const integer = (match[1] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return { error: 'Amount is too large' };
  if (fraction.length > MAX_FRACTION_DIGITS) return { error: 'Use at most 6 digits after the point' };
  if (!/[1-9]/.test(integer + fraction)) return { error: 'Amount must be greater than 0' };
  return { amount: fraction ? `${integer}.${fraction}` : integer };
}
