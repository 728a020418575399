import { TRACKER_FORMULA_MAX_LENGTH } from '@cairn/contracts/trackers';
import Decimal from 'decimal.js';
import {
  type ConditionalNode,
  type ConstantNode,
  create,
  type FunctionAssignmentNode,
  type FunctionNode,
  isBigNumber,
  isSymbolNode,
  type MathNode,
  type OperatorNode,
  type ParenthesisNode,
  parseDependencies,
  type SymbolNode,
} from 'mathjs';

/**
 * Formulas of calculated trackers ("weight / (height / 100) ^ 2"). mathjs only parses: its numbers are
 * BigNumbers, so a literal such as 0.1 never passes through a float. The tree is then checked
 * against an allowlist (numbers, the given variables, arithmetic, comparisons, a ? b : c and a few
 * functions) and evaluated here, node by node, in decimal.js; mathjs's own evaluator, with its
 * access to the whole library, never runs on user text.
 */

// Only the parser and what it needs: nothing else of the library is reachable from here.
// (The typings mark every factory map optional; this one ships with every mathjs build.)
if (!parseDependencies) throw new Error('mathjs has no parser');
const math = create({ parseDependencies }, { number: 'BigNumber', precision: 64 });

/** Digits every step keeps: far beyond the 6 decimal places a value is stored with. */
const Exact = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });
type Exact = Decimal;

/** Brackets (and so tree levels built from them) a formula may nest. */
export const FORMULA_MAX_NESTING = 32;
/** Levels of the parsed tree: generous for long sums, small enough for recursion to stay shallow. */
const MAX_TREE_DEPTH = 256;
/** What a result is rounded to: the scale of tracker values (numeric(20,6)). */
const RESULT_SCALE = 6;
/** Results numeric(20,6) cannot hold get no value, like a division by zero. */
const RESULT_LIMIT = new Exact(10).pow(14);

export const FORMULA_NESTED_TOO_DEEPLY_MESSAGE = 'Formula is nested too deeply';

/** Names that reach JavaScript's object machinery: refused wherever they appear, even as a variable. */
const FORBIDDEN_NAMES = new Set(['this', '__proto__', 'constructor', 'prototype']);

const CONSTANTS: Record<string, Exact> = {
  pi: Exact.acos(-1),
  e: Exact.exp(1),
};

type Arity = { min: number; max: number };
const FUNCTION_ARITY: Record<string, Arity> = {
  min: { min: 1, max: Number.POSITIVE_INFINITY },
  max: { min: 1, max: Number.POSITIVE_INFINITY },
  sum: { min: 1, max: Number.POSITIVE_INFINITY },
  mean: { min: 1, max: Number.POSITIVE_INFINITY },
  avg: { min: 1, max: Number.POSITIVE_INFINITY },
  abs: { min: 1, max: 1 },
  round: { min: 1, max: 2 },
  sqrt: { min: 1, max: 1 },
  pow: { min: 2, max: 2 },
  log: { min: 1, max: 2 },
  floor: { min: 1, max: 1 },
  ceil: { min: 1, max: 1 },
};

/** mathjs's name of each operator a formula may use. */
const OPERATORS = new Set([
  'add',
  'subtract',
  'multiply',
  'divide',
  'pow',
  'mod',
  'unaryMinus',
  'unaryPlus',
  'smaller',
  'smallerEq',
  'larger',
  'largerEq',
  'equal',
  'unequal',
]);

export type CheckedFormula = {
  readonly tree: MathNode;
  /** The variables the formula reads, each once. */
  readonly variables: readonly string[];
};

export type FormulaCheck = { ok: true; formula: CheckedFormula } | { ok: false; message: string };

class FormulaError extends Error {}

/** A token for a message: long ones are cut, so a message stays readable. */
function quote(token: string): string {
  const short = token.length > 40 ? `${token.slice(0, 40)}…` : token;
  return `'${short}'`;
}

function refuseName(name: string): void {
  if (FORBIDDEN_NAMES.has(name)) throw new FormulaError(`${quote(name)} is not allowed`);
}

/** What is refused before parsing: control characters, forbidden names and deep nesting. */
function checkText(text: string): void {
  if (text.trim() === '') throw new FormulaError('Formula is required');
  if (text.length > TRACKER_FORMULA_MAX_LENGTH) {
    throw new FormulaError(`Formula must be ${TRACKER_FORMULA_MAX_LENGTH} characters or less`);
  }
  // Tabs and line ends are white space; any other control character has no place in a formula.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    throw new FormulaError('Formula contains a control character');
  }
  for (const identifier of text.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []) refuseName(identifier);
  let depth = 0;
  for (const character of text) {
    if (character === '(' || character === '[' || character === '{') depth += 1;
    else if (character === ')' || character === ']' || character === '}') depth -= 1;
    if (depth > FORMULA_MAX_NESTING) throw new FormulaError(FORMULA_NESTED_TOO_DEEPLY_MESSAGE);
  }
}

/** Refuses every node outside the allowlist, naming it; returns the variables read. */
function checkNode(node: MathNode, variables: ReadonlySet<string>, used: Set<string>, depth: number): void {
  if (depth > MAX_TREE_DEPTH) throw new FormulaError(FORMULA_NESTED_TOO_DEEPLY_MESSAGE);
  const next = (child: MathNode) => checkNode(child, variables, used, depth + 1);
  switch (node.type) {
    case 'ConstantNode': {
      const { value } = node as ConstantNode;
      // What is left of a formula that is all comment ("# note").
      if (value === undefined) throw new FormulaError('Formula is required');
      // Literals are BigNumbers; the parser's own constants (the 100 of "50%") are whole numbers.
      const isNumber = isBigNumber(value) ? value.isFinite() : Number.isSafeInteger(value);
      if (!isNumber) {
        throw new FormulaError(`${quote(node.toString())} is not allowed`);
      }
      return;
    }
    case 'SymbolNode': {
      const { name } = node as SymbolNode;
      refuseName(name);
      if (variables.has(name)) used.add(name);
      else if (!(name in CONSTANTS)) throw new FormulaError(`Unknown variable ${quote(name)}`);
      return;
    }
    case 'OperatorNode': {
      const operator = node as OperatorNode;
      if (!OPERATORS.has(operator.fn))
        throw new FormulaError(`Operator ${quote(operator.op)} is not allowed`);
      for (const arg of operator.args) next(arg);
      return;
    }
    case 'ParenthesisNode':
      next((node as ParenthesisNode).content);
      return;
    case 'ConditionalNode': {
      const conditional = node as ConditionalNode;
      next(conditional.condition);
      next(conditional.trueExpr);
      next(conditional.falseExpr);
      return;
    }
    case 'FunctionNode': {
      const call = node as FunctionNode;
      // The typings say a symbol; the parser also builds calls on accessors and other calls.
      const callee: MathNode = call.fn;
      // `a.b(1)`: a call through property access, not a name.
      if (!isSymbolNode(callee)) throw new FormulaError(`${quote(callee.toString())} is not allowed`);
      const name = callee.name;
      refuseName(name);
      const arity = Object.hasOwn(FUNCTION_ARITY, name) ? FUNCTION_ARITY[name] : undefined;
      if (!arity) throw new FormulaError(`Function ${quote(name)} is not allowed`);
      if (call.args.length < arity.min || call.args.length > arity.max) {
        throw new FormulaError(`Function ${quote(name)} cannot take ${call.args.length} argument(s)`);
      }
      for (const arg of call.args) next(arg);
      return;
    }
    case 'AccessorNode':
      throw new FormulaError(`Property access ${quote(node.toString())} is not allowed`);
    case 'AssignmentNode':
      throw new FormulaError(`Assignment ${quote(node.toString())} is not allowed`);
    case 'FunctionAssignmentNode':
      throw new FormulaError(
        `Function definition ${quote((node as FunctionAssignmentNode).name)} is not allowed`,
      );
    case 'BlockNode':
      throw new FormulaError(
        "A formula is one expression: ';' and line breaks between expressions are not allowed",
      );
    default:
      // ArrayNode, ObjectNode, RangeNode, IndexNode and whatever a later mathjs adds.
      throw new FormulaError(`${quote(node.toString())} is not allowed`);
  }
}

/**
 * Checks a formula over the given variable names: the checked tree, or the message a user sees
 * (naming the variable or token at fault).
 */
export function parseFormula(text: string, variables: readonly string[]): FormulaCheck {
  try {
    checkText(text);
    let tree: MathNode;
    try {
      tree = math.parse(text);
    } catch (error) {
      throw new FormulaError(error instanceof Error ? error.message : 'Formula cannot be read');
    }
    const used = new Set<string>();
    checkNode(tree, new Set(variables), used, 0);
    return { ok: true, formula: { tree, variables: [...used] } };
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, message: error.message };
    // A stack overflow in the parser on pathological input is still just a bad formula.
    if (error instanceof RangeError) return { ok: false, message: FORMULA_NESTED_TOO_DEEPLY_MESSAGE };
    throw error;
  }
}

const truth = (value: boolean): Exact => new Exact(value ? 1 : 0);

function applyOperator(fn: string, args: Exact[]): Exact {
  const [a, b] = args as [Exact, Exact];
  switch (fn) {
    case 'add':
      return a.plus(b);
    case 'subtract':
      return a.minus(b);
    case 'multiply':
      return a.times(b);
    case 'divide':
      return a.div(b);
    case 'pow':
      return a.pow(b);
    case 'mod':
      // mathjs's mod: the result takes the divisor's sign (-7 % 3 is 2).
      return a.minus(b.times(a.div(b).floor()));
    case 'unaryMinus':
      return a.neg();
    case 'unaryPlus':
      return a;
    case 'smaller':
      return truth(a.lt(b));
    case 'smallerEq':
      return truth(a.lte(b));
    case 'larger':
      return truth(a.gt(b));
    case 'largerEq':
      return truth(a.gte(b));
    case 'equal':
      return truth(a.eq(b));
    case 'unequal':
      return truth(!a.eq(b));
    default:
      throw new Error(`Unchecked operator ${fn}`);
  }
}

function applyFunction(name: string, args: Exact[]): Exact {
  const [a, b] = args as [Exact, Exact | undefined];
  switch (name) {
    case 'min':
      return Exact.min(...args);
    case 'max':
      return Exact.max(...args);
    case 'sum':
      return Exact.sum(...args);
    case 'mean':
    case 'avg':
      return Exact.sum(...args).div(args.length);
    case 'abs':
      return a.abs();
    case 'round': {
      // round(x, n): n whole places from 0 to 15, as mathjs allows; anything else has no value.
      if (b === undefined) return a.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
      if (!b.isInteger() || b.lt(0) || b.gt(15)) return new Exact(Number.NaN);
      return a.toDecimalPlaces(b.toNumber(), Decimal.ROUND_HALF_UP);
    }
    case 'sqrt':
      return a.sqrt();
    case 'pow':
      return a.pow(b as Exact);
    case 'log':
      // Logarithms of zero or below have no value (decimal.js answers -Infinity or NaN).
      if (a.lte(0) || (b !== undefined && (b.lte(0) || b.eq(1)))) return new Exact(Number.NaN);
      return b === undefined ? a.ln() : a.ln().div(b.ln());
    case 'floor':
      return a.floor();
    case 'ceil':
      return a.ceil();
    default:
      throw new Error(`Unchecked function ${name}`);
  }
}

/** A value with no use going further: the whole formula has none then. */
class NoValue extends Error {}

function evaluateNode(node: MathNode, scope: ReadonlyMap<string, Exact>): Exact {
  const value = evaluateChecked(node, scope);
  if (!value.isFinite()) throw new NoValue();
  return value;
}

function evaluateChecked(node: MathNode, scope: ReadonlyMap<string, Exact>): Exact {
  switch (node.type) {
    case 'ConstantNode':
      return new Exact((node as ConstantNode).value.toString());
    case 'SymbolNode': {
      const { name } = node as SymbolNode;
      const value = scope.get(name) ?? CONSTANTS[name];
      if (value === undefined) throw new NoValue();
      return value;
    }
    case 'OperatorNode': {
      const operator = node as OperatorNode;
      return applyOperator(
        operator.fn,
        operator.args.map((arg) => evaluateNode(arg, scope)),
      );
    }
    case 'ParenthesisNode':
      return evaluateNode((node as ParenthesisNode).content, scope);
    case 'ConditionalNode': {
      const conditional = node as ConditionalNode;
      const condition = evaluateNode(conditional.condition, scope);
      return evaluateNode(condition.isZero() ? conditional.falseExpr : conditional.trueExpr, scope);
    }
    case 'FunctionNode': {
      const call = node as FunctionNode;
      return applyFunction(
        call.fn.name,
        call.args.map((arg) => evaluateNode(arg, scope)),
      );
    }
    default:
      throw new Error(`Unchecked node ${node.type}`);
  }
}

/**
 * The formula's value for one day: `values` maps each variable to its decimal string. A decimal
 * string rounded to 6 places, or null when there is none (a division by zero, the log of a negative
 * number, a variable without a value, a result too large to store). Comparisons give 1 or 0.
 */
export function evaluateFormula(
  formula: CheckedFormula,
  values: Readonly<Record<string, string>>,
): string | null {
  const scope = new Map<string, Exact>();
  for (const name of formula.variables) {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return null;
    scope.set(name, new Exact(value));
  }
  let result: Exact;
  try {
    result = evaluateNode(formula.tree, scope);
  } catch (error) {
    if (error instanceof NoValue) return null;
    throw error;
  }
  const rounded = result.toDecimalPlaces(RESULT_SCALE, Decimal.ROUND_HALF_UP);
  if (rounded.abs().gte(RESULT_LIMIT)) return null;
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed();
}

/**
 * A formula's tree as the parser reads it, unchecked (for comparing two spellings of a formula);
 * undefined when it cannot be read.
 */
export function readFormulaTree(text: string): MathNode | undefined {
  try {
    return math.parse(text);
  } catch {
    return undefined;
  }
}

/** The tree with every variable `from` read as `to`; a function of that name (`max(...)`) stays. */
export function renameTreeVariable(tree: MathNode, from: string, to: string): MathNode {
  return tree.transform((node, path) =>
    isSymbolNode(node) && path !== 'fn' && node.name === from ? new math.SymbolNode(to) : node,
  );
}
