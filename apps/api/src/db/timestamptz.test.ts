import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './timestamptz';

describe('parseTimestamptz reads what PostgreSQL writes', () => {
  it.each([
    ['0001-01-01 00:00:00+00', '0001-01-01T00:00:00.000Z'],
    ['0049-06-30 12:30:00+00', '0049-06-30T12:30:00.000Z'],
    ['2026-11-23 16:34:53.123456+00', '2026-11-23T16:34:53.123Z'],
    ['2026-11-23 16:34:53.5+01', '2026-11-23T15:34:53.500Z'],
    ['2026-03-29 01:00:00-05:30', '2026-03-29T06:30:00.000Z'],
    ['1890-01-01 00:00:00+01:24:08', '1889-12-31T22:35:52.000Z'],
    ['9999-12-31 23:59:59+00', '9999-12-31T23:59:59.000Z'],
    ['2024-02-29 00:00:00+00', '2024-02-29T00:00:00.000Z'],
    ['2026-11-23 16:34:53.1+00', '2026-11-23T16:34:53.100Z'],
    ['2026-11-23 16:34:53.12+00', '2026-11-23T16:34:53.120Z'],
    ['2026-11-23 16:34:53.999999+00', '2026-11-23T16:34:53.999Z'],
    ['2026-11-23 00:30:00-10', '2026-11-23T10:30:00.000Z'],
    ['0099-12-31 23:59:59+00', '0099-12-31T23:59:59.000Z'],
    ['0100-01-01 00:00:00+00', '0100-01-01T00:00:00.000Z'],
    ['12026-01-01 00:00:00+00', '+012026-01-01T00:00:00.000Z'],
  ])('%s', (text, iso) => {
    expect(parseTimestamptz(text).toISOString()).toBe(iso);
  });
});

describe('parseTimestamptz reads every instant it is given', () => {
  /** How PostgreSQL writes an instant at an offset of whole hours, with `digits` fraction digits. */
  function writeAsPostgres(instant: Date, offsetHours: number, digits: number): string {
    const local = new Date(instant.getTime() + offsetHours * 3_600_000).toISOString();
    const fraction = digits === 0 ? '' : `.${local.slice(20, 23).padEnd(digits, '0').slice(0, digits)}`;
    const sign = offsetHours < 0 ? '-' : '+';
    return `${local.slice(0, 10)} ${local.slice(11, 19)}${fraction}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}`;
  }

  it('to the millisecond, at any offset, with any number of fraction digits', () => {
    const from = Date.UTC(100, 0, 2);
    const to = Date.UTC(9999, 11, 30);
    for (let index = 0; index < 2_000; index += 1) {
      const instant = new Date(from + Math.floor((((index * 7919) % 2_000) / 2_000) * (to - from)) + index);
      const offsetHours = (index % 27) - 12;
      const digits = index % 7;
      const text = writeAsPostgres(instant, offsetHours, digits);
      const expected =
        digits >= 3
          ? instant.getTime()
          : instant.getTime() - (instant.getUTCMilliseconds() % 10 ** (3 - digits));
      expect(parseTimestamptz(text).getTime(), text).toBe(expected);
    }
  });
});
