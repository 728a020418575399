import { describe, expect, it } from 'vitest';
import { toVariableName } from './variable-names';

describe('toVariableName', () => {
  it.each([
    ['Weight', 'weight'],
    ['Body weight (kg)', 'body_weight_kg'],
    ['  Sleep -- hours  ', 'sleep_hours'],
    ['__already_snake__', 'already_snake'],
    ['Height2', 'height2'],
    ['10k steps', '_10k_steps'],
    ['2', '_2'],
    ['Größe', 'gr_e'],
    ['!!!', 'tracker'],
    ['', 'tracker'],
    ['日本', 'tracker'],
    ['a.b.c', 'a_b_c'],
  ])('%j → %j', (name, expected) => {
    expect(toVariableName(name)).toBe(expected);
  });
});
