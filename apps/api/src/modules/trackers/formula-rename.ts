import { readFormulaTree, renameTreeVariable } from './formula';

/**
 * Renames one variable in a formula's text when its source tracker is renamed, keeping everything
 * else as the user wrote it (spacing, brackets, comments, "50%"). Only whole identifiers are
 * replaced, never part of a longer one, a function of the same name, or text in a comment or a
 * string. The parser then confirms the new text reads as the old tree with the variable renamed;
 * should the scan ever disagree with it, the renamed tree is printed instead.
 */

type Span = { start: number; end: number };

const isDigit = (character: string | undefined) => character !== undefined && /[0-9]/.test(character);
/** Identifier characters as the parser takes them: ASCII letters, digits, _ and $, and letters beyond ASCII. */
const isIdentifierPart = (character: string | undefined) =>
  character !== undefined && (/[A-Za-z0-9_$]/.test(character) || character.charCodeAt(0) >= 0xc0);

/** The end of the number starting at `start` (decimal with exponent, or 0x / 0b / 0o with digits). */
function endOfNumber(text: string, start: number): number {
  let index = start;
  if (text[index] === '0' && /[xXbBoO]/.test(text[index + 1] ?? '')) {
    // The parser takes every letter and digit that follows as the literal's (and refuses a bad one).
    index += 2;
    while (/[0-9A-Za-z.]/.test(text[index] ?? '')) index += 1;
    return index;
  }
  while (isDigit(text[index])) index += 1;
  if (text[index] === '.') index += 1;
  while (isDigit(text[index])) index += 1;
  if (text[index] === 'e' || text[index] === 'E') {
    const sign = text[index + 1] === '+' || text[index + 1] === '-' ? 1 : 0;
    if (isDigit(text[index + 1 + sign])) {
      index += 1 + sign;
      while (isDigit(text[index])) index += 1;
    }
  }
  return index;
}

/** The end of the string literal opening at `start` (backslash escapes skipped), or the text's end. */
function endOfString(text: string, start: number): number {
  const quote = text[start];
  let index = start + 1;
  while (index < text.length && text[index] !== quote) index += text[index] === '\\' ? 2 : 1;
  return Math.min(index + 1, text.length);
}

/** Where `name` stands as a variable: a whole identifier not called as a function. */
function findVariableSpans(text: string, name: string): Span[] {
  const spans: Span[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '#') {
      const lineEnd = text.indexOf('\n', index);
      index = lineEnd === -1 ? text.length : lineEnd;
    } else if (character === '"' || character === "'") {
      index = endOfString(text, index);
    } else if (isDigit(character) || (character === '.' && isDigit(text[index + 1]))) {
      index = endOfNumber(text, index);
    } else if (isIdentifierPart(character)) {
      const start = index;
      while (isIdentifierPart(text[index])) index += 1;
      const isCall = /^\s*\(/.test(text.slice(index));
      if (text.slice(start, index) === name && !isCall) spans.push({ start, end: index });
    } else {
      index += 1;
    }
  }
  return spans;
}

/** Whether `name` stands in the formula as a variable or constant (not a function, comment or string). */
export function formulaReadsSymbol(formula: string, name: string): boolean {
  return findVariableSpans(formula, name).length > 0;
}

/** `formula` with the variable `from` renamed `to`, e.g. weight → body_weight. */
export function renameFormulaVariable(formula: string, from: string, to: string): string {
  if (from === to) return formula;
  const spans = findVariableSpans(formula, from);
  let renamed = formula;
  for (const { start, end } of [...spans].reverse()) {
    renamed = `${renamed.slice(0, start)}${to}${renamed.slice(end)}`;
  }
  const before = readFormulaTree(formula);
  // A formula the parser cannot read has no tree to confirm against: the scan's answer stands.
  if (!before) return renamed;
  const expected = renameTreeVariable(before, from, to);
  const after = readFormulaTree(renamed);
  return after && after.toString() === expected.toString() ? renamed : expected.toString();
}
