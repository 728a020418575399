/** "1.250000" → "1.25", "3.000000" → "3", "100" stays: rates come with six decimals, people type fewer. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
