/** How many distinct statements get a name; the rest, rare by then, are parsed each time they run. */
export const MAX_NAMED_STATEMENTS = 500;

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * Gives every parameterised statement a name, the same on every connection, so each connection parses
 * and plans it once and then only binds and runs it (PostgreSQL's prepared statements), as Drizzle's
 * `.prepare(name)` does, for every query in the app. Statements without parameters (BEGIN, COMMIT,
 * migrations) keep the simple protocol, which takes several statements in one text.
 */
export function createStatementNamer(max = MAX_NAMED_STATEMENTS) {
  const names = new Map<string, string>();
  return (config: unknown, values: unknown): unknown => {
    if (!Array.isArray(values) || values.length === 0) return config;
    if (typeof config !== 'object' || config === null) return config;
    const { text, name, submit } = config as QueryConfig;
    if (typeof text !== 'string' || name !== undefined || submit !== undefined) return config;
    let named = names.get(text);
    if (named === undefined) {
      if (names.size >= max) return config;
      named = `cairn_${names.size}`;
      names.set(text, named);
    }
    return { ...config, name: named };
  };
}
