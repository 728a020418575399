import { notFound } from './app-error';

/**
 * The row a user-scoped query found, or the 404 every area answers for a missing row (or another
 * user's, which the query never finds).
 */
export function requireOwned<Row>(row: Row | undefined, what: string): Row {
  if (row === undefined) throw notFound(what);
  return row;
}
