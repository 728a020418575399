/**
 * How a tracker is named inside formulas: its name in lower case, each run of other characters one
 * underscore, no underscore at either end. A name starting with a digit gets a leading underscore
 * (a variable cannot start with one), and a name with nothing usable in it is `tracker`.
 */
export function toVariableName(name: string): string {
  const variable = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (variable === '') return 'tracker';
  return /^\d/.test(variable) ? `_${variable}` : variable;
}
