/**
 * The server names what is wrong with a formula by quoting it ("Unknown variable 'wieght'",
 * "“constructor” is not allowed"). These find that token and where it first appears, so the editor
 * can point at it.
 */

const QUOTED = /['"“‘`]([^'"”’`]{1,200})['"”’`]/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The first quoted token in a message; undefined when none is quoted. */
export function findQuotedToken(message: string): string | undefined {
  return QUOTED.exec(message)?.[1];
}

export interface TokenRange {
  start: number;
  end: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where the token first appears in the formula. A name is matched whole ("height" is not found inside
 * "height_cm"); anything else (an operator, a number) as written.
 */
export function findTokenRange(formula: string, token: string): TokenRange | undefined {
  if (token === '') return undefined;
  if (IDENTIFIER.test(token)) {
    const match = new RegExp(`(?<![\\w$])${escapeRegExp(token)}(?![\\w$])`).exec(formula);
    return match ? { start: match.index, end: match.index + token.length } : undefined;
  }
  const start = formula.indexOf(token);
  return start < 0 ? undefined : { start, end: start + token.length };
}

/** Inserts a variable at the caret (or over the selection), with the caret placed after it. */
export function insertAtSelection(
  text: string,
  insertion: string,
  selection: { start: number; end: number },
): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  return { text: text.slice(0, start) + insertion + text.slice(end), caret: start + insertion.length };
}
