// One line of `npm run bench`'s table; every suite returns these, and bench/results/latest.json holds them.

export type BenchRow = {
  /** Which suite and database, e.g. "api · PostgreSQL", "web". */
  group: string;
  /** What was measured, e.g. "kanban board · req/s", "/login · JS+CSS brotli". */
  metric: string;
  value: number;
  unit: string;
  /** The same measure for the limit (the bare route), when there is one. */
  limit?: number;
  /** The bar the value is held to, e.g. 0.9 (ratio), 50 (ms), 120 (KB). */
  target?: number;
  /** value ÷ limit, or for lower-is-better figures limit ÷ value; absent when there is no limit. */
  ratio?: number;
  /** Absent when the row is informative only. */
  pass?: boolean;
  /** Anything a reader needs to read the row, e.g. "p99 12.3 ms". */
  note?: string;
};
