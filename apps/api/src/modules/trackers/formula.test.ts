import { describe, expect, it } from 'vitest';
import { evaluateFormula, parseFormula } from './formula';

/** The value of `text` over `values` (whose keys are the variables), or the refusal's message. */
function run(text: string, values: Record<string, string> = {}): string | null {
  const checked = parseFormula(text, Object.keys(values));
  if (!checked.ok) throw new Error(`refused: ${checked.message}`);
  return evaluateFormula(checked.formula, values);
}

function refusal(text: string, variables: string[] = ['weight', 'height']): string {
  const checked = parseFormula(text, variables);
  if (checked.ok) throw new Error(`accepted: ${text}`);
  return checked.message;
}

describe('evaluateFormula', () => {
  it.each<[string, Record<string, string>, string | null]>([
    ['weight / (height / 100) ^ 2', { weight: '70', height: '175' }, '22.857143'],
    ['weight / (height / 100) ^ 2', { weight: '81.5', height: '180' }, '25.154321'],
    // Precedence: ^ before unary minus, * before +, right-associative ^.
    ['1 + 2 * 3', {}, '7'],
    ['(1 + 2) * 3', {}, '9'],
    ['-2 ^ 2', {}, '-4'],
    ['2 ^ 3 ^ 2', {}, '512'],
    ['10 - 4 - 3', {}, '3'],
    ['2x + 1', { x: '3' }, '7'],
    // Decimals stay decimals: no float error anywhere.
    ['0.1 + 0.2', {}, '0.3'],
    ['0.1 + 0.2 == 0.3', {}, '1'],
    ['a + b', { a: '0.000001', b: '99999999999999.999999' }, null],
    ['a + b', { a: '0.000001', b: '99999999999999.999998' }, '99999999999999.999999'],
    ['a * 3', { a: '33333333333.333333' }, '99999999999.999999'],
    ['1 / 3', {}, '0.333333'],
    ['2 / 3', {}, '0.666667'],
    // Comparisons and the conditional.
    ['a > b', { a: '2', b: '1' }, '1'],
    ['a <= b', { a: '2', b: '1' }, '0'],
    ['a != b', { a: '2', b: '2' }, '0'],
    ['a >= 10 ? a - 10 : 0', { a: '12.5' }, '2.5'],
    ['a >= 10 ? a - 10 : 0', { a: '7' }, '0'],
    // Functions.
    ['min(a, b, 3)', { a: '5', b: '4' }, '3'],
    ['max(a, b)', { a: '-5', b: '-4' }, '-4'],
    ['abs(a)', { a: '-2.5' }, '2.5'],
    ['round(a)', { a: '2.5' }, '3'],
    ['round(a, 2)', { a: '2.345' }, '2.35'],
    ['sqrt(a)', { a: '2' }, '1.414214'],
    ['pow(a, 3)', { a: '1.1' }, '1.331'],
    ['log(e)', {}, '1'],
    ['log(a, 10)', { a: '1000' }, '3'],
    ['floor(a) + ceil(a)', { a: '-1.5' }, '-3'],
    ['sum(a, b, 1)', { a: '1.5', b: '2.25' }, '4.75'],
    ['mean(a, b)', { a: '1', b: '2' }, '1.5'],
    ['avg(a, b, c)', { a: '1', b: '2', c: '4' }, '2.333333'],
    ['pi', {}, '3.141593'],
    ['a % 3', { a: '-7' }, '2'],
    ['50%', {}, '0.5'],
    // No value: division by zero, logs and roots out of their domain, results too big to store.
    ['a / b', { a: '1', b: '0' }, null],
    ['0 / 0', {}, null],
    ['log(a)', { a: '-1' }, null],
    ['log(0)', {}, null],
    ['sqrt(-4)', {}, null],
    ['(-8) ^ 0.5', {}, null],
    ['a % 0', { a: '1' }, null],
    ['10 ^ 14', {}, null],
    ['10 ^ 10 ^ 10', {}, null],
    ['9 ^ 9 ^ 9 ^ 9', {}, null],
    // A branch not taken does not spoil the result; a comparison with no value has none.
    ['b == 0 ? 0 : a / b', { a: '1', b: '0' }, '0'],
    ['1 / 0 > 1', {}, null],
    ['-0', {}, '0'],
  ])('%s over %o is %s', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });

  it('has no value when a variable it reads has none', () => {
    const checked = parseFormula('a + b', ['a', 'b']);
    expect(checked.ok && evaluateFormula(checked.formula, { a: '1' })).toBeNull();
  });

  it('lists each variable it reads once, and only those', () => {
    const checked = parseFormula('a + a * b', ['a', 'b', 'c']);
    expect(checked.ok && [...checked.formula.variables].sort()).toEqual(['a', 'b']);
  });
});

describe('parseFormula refuses', () => {
  it.each<[string, string]>([
    ['weigth / height', "Unknown variable 'weigth'"],
    ['cm * 2', "Unknown variable 'cm'"],
    ['constructor', "'constructor' is not allowed"],
    ['weight.constructor', "'constructor' is not allowed"],
    ['__proto__', "'__proto__' is not allowed"],
    ['weight + this', "'this' is not allowed"],
    ['prototype(1)', "'prototype' is not allowed"],
    ['weight.height', "Property access 'weight.height' is not allowed"],
    ['weight[1]', "Property access 'weight[1]' is not allowed"],
    ['weight = 1', "Assignment 'weight = 1' is not allowed"],
    ['f(x) = x', "Function definition 'f' is not allowed"],
    ['import(1)', "Function 'import' is not allowed"],
    ['createUnit("a")', "Function 'createUnit' is not allowed"],
    ['evaluate("1")', "Function 'evaluate' is not allowed"],
    ['parse("1")', "Function 'parse' is not allowed"],
    ['round(1, 2, 3)', "Function 'round' cannot take 3 argument(s)"],
    ['[1, 2]', "'[1, 2]' is not allowed"],
    ['{a: 1}', '\'{"a": 1}\' is not allowed'],
    ['1:3', "'1:3' is not allowed"],
    ['"text"', '\'"text"\' is not allowed'],
    ['true', "'true' is not allowed"],
    ['Infinity', "'Infinity' is not allowed"],
    ['weight and height', "Operator 'and' is not allowed"],
    ['weight!', "Operator '!' is not allowed"],
    ["weight'", "Operator ''' is not allowed"],
    ['1; 2', "A formula is one expression: ';' and line breaks between expressions are not allowed"],
    ['1\n2', "A formula is one expression: ';' and line breaks between expressions are not allowed"],
    ['weight\u0000', 'Formula contains a control character'],
    ['', 'Formula is required'],
    ['  ', 'Formula is required'],
    ['# a comment', 'Formula is required'],
    ['weight +', 'Unexpected end of expression (char 9)'],
    [`${'('.repeat(33)}1${')'.repeat(33)}`, 'Formula is nested too deeply'],
    [`${'['.repeat(40)}`, 'Formula is nested too deeply'],
    [`1${' + 1'.repeat(500)}`, 'Formula must be 2000 characters or less'],
    [`${'-'.repeat(300)}1`, 'Formula is nested too deeply'],
  ])('%j: %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('accepts 32 levels of brackets and long flat sums', () => {
    expect(run(`${'('.repeat(32)}1${')'.repeat(32)}`)).toBe('1');
    expect(run(`1${' + 1'.repeat(199)}`)).toBe('200');
  });

  it('cuts long tokens in messages', () => {
    expect(refusal(`a${'b'.repeat(100)}`)).toBe(`Unknown variable 'a${'b'.repeat(39)}…'`);
  });
});
