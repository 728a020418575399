import { describe, expect, it } from 'vitest';
import { formatMinutes } from './format-minutes';

describe('formatMinutes', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [95, '1 h 35 min'],
    [600, '10 h'],
  ])('%d minutes read %s', (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });
});
