import type { Query } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { runQuery } from '../../src/lib/prepared-query';

/** A node of `explain (analyze, format json)`, with the fields the plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Runs the statement under `explain (analyze)` and answers every node of its plan. */
export async function explainStatement(db: Db, statement: Query): Promise<PlanNode[]> {
  const [[plan] = []] = await runQuery(
    db,
    { sql: `explain (analyze, format json) ${statement.sql}`, params: statement.params },
    (rows) => rows as [[{ Plan: PlanNode }] | string][],
  );
  // PGlite answers the plan as text, PostgreSQL as JSON.
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
  return nodesOf(parsed![0].Plan);
}

/** Rows the index scans read, kept or filtered out, over all their loops. */
export function indexRowsRead(nodes: PlanNode[]): number {
  return nodes
    .filter((node) => node['Node Type'].includes('Index'))
    .reduce(
      (sum, node) =>
        sum +
        ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
      0,
    );
}
