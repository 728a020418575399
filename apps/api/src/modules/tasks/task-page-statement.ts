import type { Query, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** A listing as buildTaskQuery makes it: what the statements below read, and in which order. */
export type Listing = {
  where: SQL;
  /** Shows only the tasks open, or completed at or after this instant (a periodical completion column). */
  doneSince: Date | undefined;
  orderBy: SQL[];
  sortExpression: SQL;
  isDescending: boolean;
};

/** Renders the listing's parts; their names are all written out, so no casing setting applies. */
const dialect = new PgDialect();

/**
 * A listing written out once as statement text, with the parameters its conditions use. Further values
 * are bound after those: a statement made of several pages (the board's columns) repeats the same
 * condition text in each, and PostgreSQL reads `$1` as often as it appears, so Drizzle renders the
 * listing once rather than once per page.
 */
export class ListingText {
  readonly where: string;
  readonly orderBy: string;
  readonly sortKey: string;
  readonly direction: 'asc' | 'desc';
  readonly params: unknown[];

  constructor(listing: Omit<Listing, 'doneSince'>) {
    const where = dialect.sqlToQuery(listing.where);
    const order = dialect.sqlToQuery(sql.join(listing.orderBy, sql`, `));
    const sortKey = dialect.sqlToQuery(listing.sortExpression);
    // The orders are fixed expressions of columns; a value in them would be numbered from $1 again.
    if (order.params.length > 0 || sortKey.params.length > 0) throw new Error('a listing order with values');
    this.where = where.sql;
    this.orderBy = order.sql;
    this.sortKey = sortKey.sql;
    this.direction = listing.isDescending ? 'desc' : 'asc';
    this.params = [...where.params];
  }

  /** Adds a value after the listing's own and answers how the text refers to it. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /**
   * The first `limit` rows of the listing narrowed by `condition` (text of this listing's parameters),
   * each as `columns` then its sort value as "sort_key". With `doneSince`, the open tasks and those
   * completed since are read apart and the first `limit` of both kept: the open ones in order from their
   * index, the recent ones all found through tasks_live_column_completed_idx, then sorted. Walked in
   * order as one, a completion column holding years of done tasks would be read whole to find the few
   * to show. The `offset 0` keeps the planner from walking the recent part in order all the same: it
   * cannot tell how few a column's recent completions are.
   */
  page(options: {
    columns: string;
    condition?: string;
    doneSince?: Date | undefined;
    limit: string;
  }): string {
    const { columns, limit } = options;
    const selection = `${columns}, ${this.sortKey} as "sort_key"`;
    const where = options.condition ? `${this.where} and ${options.condition}` : this.where;
    const ordered = (condition: string) =>
      `select ${selection} from "tasks" where ${condition} order by ${this.orderBy} limit ${limit}`;
    if (!options.doneSince) return ordered(where);
    const since = this.bind(options.doneSince.toISOString());
    const byKey = `order by "sort_key" ${this.direction}, "id" ${this.direction} limit ${limit}`;
    const open = ordered(`${where} and "tasks"."completed_at" is null`);
    const recent = `select * from (select ${selection} from "tasks" where ${where} and "tasks"."completed_at" >= ${since} offset 0) as "completed_since" ${byKey}`;
    return `select * from ((${open}) union all (${recent})) as "parts" ${byKey}`;
  }

  /** The statement: `text` with the values bound so far. */
  statement(text: string): Query {
    return { sql: text, params: this.params };
  }
}
