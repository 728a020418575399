import { type Query, type SQL, sql } from 'drizzle-orm';

/** How many distinct statements get a name; the rest, rare by then, are parsed each time they run. */
export const MAX_NAMED_STATEMENTS = 500;

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/** Ends the text of a statement that stays unnamed: see planForValues. */
const PLANNED_FOR_VALUES = '/* planned for its values */';

/**
 * Marks a statement to be planned for its values on every run instead of named: PostgreSQL may switch
 * a named statement to one generic plan after five runs, and for a statement whose best plan depends
 * on its values (how many days a range spans decides how many rows meet in a join) the generic plan
 * can be many times slower. Planning such a statement takes a fraction of a millisecond.
 */
export function planForValues(query: SQL): SQL {
  return sql`${query}\n${sql.raw(PLANNED_FOR_VALUES)}`;
}

/** planForValues for a statement already written out. */
export function planStatementForValues(statement: Query): Query {
  return { sql: `${statement.sql}\n${PLANNED_FOR_VALUES}`, params: statement.params };
}

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
    if (text.endsWith(PLANNED_FOR_VALUES)) return config;
    let named = names.get(text);
    if (named === undefined) {
      if (names.size >= max) return config;
      named = `cairn_${names.size}`;
      names.set(text, named);
    }
    return { ...config, name: named };
  };
}
