import { describe, expect, it } from 'vitest';
import { idSchema, instantInputSchema, isValidTimeZone, textSchema } from './common';

describe('isValidTimeZone', () => {
  it.each([
    ['Europe/Warsaw', true],
    ['Pacific/Kiritimati', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
    ['  ', false],
  ])('%s → %s, the same on a second look', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});

describe('textSchema', () => {
  it.each([
    ['plain text', 'Buy milk', true],
    ['an emoji (a surrogate pair)', 'Done 🎉', true],
    ['a NUL byte', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud83cb', false],
    ['a lone low surrogate at the end', 'a\udf89', false],
  ])('%s', (_name, value, isValid) => {
    expect(textSchema().safeParse(value).success).toBe(isValid);
  });
});

describe('instantInputSchema', () => {
  it.each([
    ['2026-11-23T10:00:00+01:00', true],
    ['0001-01-01T00:00:00Z', true],
    ['0000-12-31T23:59:59Z', false],
    ['9999-12-31T23:59:59Z', true],
    ['9999-12-31T23:59:59-00:01', false],
    ['2026-11-23T10:00:00', false],
  ])('%s', (value, isValid) => {
    expect(instantInputSchema.safeParse(value).success).toBe(isValid);
  });
});

describe('idSchema', () => {
  it('reads an id in capitals as the same lower-case id', () => {
    expect(idSchema.parse('0190F3B2-1C2D-7A3B-8C4D-1234567890AB')).toBe(
      '0190f3b2-1c2d-7a3b-8c4d-1234567890ab',
    );
  });
});
