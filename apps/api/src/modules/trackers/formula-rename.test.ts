import { describe, expect, it } from 'vitest';
import { parseFormula } from './formula';
import { renameFormulaVariable } from './formula-rename';

describe('renameFormulaVariable', () => {
  it.each([
    ['weight / (height / 100) ^ 2', 'body_weight / (height / 100) ^ 2'],
    // Only whole identifiers: longer names that contain it stay.
    ['weight + weight_avg + max_weight + weight2', 'body_weight + weight_avg + max_weight + weight2'],
    // Implicit multiplication and exponents keep their reading.
    ['2weight + 1e3weight + 3 weight', '2body_weight + 1e3body_weight + 3 body_weight'],
    // Spacing, percentages and comments stay as written; a comment's words are not the variable.
    ['weight*50%   # weight in kg', 'body_weight*50%   # weight in kg'],
    ['weight>=10?weight:0', 'body_weight>=10?body_weight:0'],
    ['height', 'height'],
  ])('%j → %j', (formula, expected) => {
    expect(renameFormulaVariable(formula, 'weight', 'body_weight')).toBe(expected);
  });

  it('leaves a function of the same name alone', () => {
    expect(renameFormulaVariable('max(max, 2) + max (1, max)', 'max', 'peak')).toBe(
      'max(peak, 2) + max (1, peak)',
    );
  });

  it('gives a formula that reads the new variable and no longer the old one', () => {
    const renamed = renameFormulaVariable('round(weight / (height / 100) ^ 2, 1)', 'weight', 'mass');
    const checked = parseFormula(renamed, ['mass', 'height']);
    expect(checked.ok && [...checked.formula.variables].sort()).toEqual(['height', 'mass']);
    expect(parseFormula(renamed, ['weight', 'height']).ok).toBe(false);
  });

  it('prints the renamed tree when the text scan and the parser disagree', () => {
    // After a name, ' is the transpose operator, not the opening of a string the scan skips.
    expect(renameFormulaVariable("weight' + weight", 'weight', 'mass')).toBe("mass' + mass");
    expect(renameFormulaVariable("'weight' + weight", 'weight', 'mass')).toBe("'weight' + mass");
  });
});
