import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from './client';

/**
 * A table whose rows hang under each other within one user: tasks, folders, accounts, categories.
 * `deletedAt` is only needed by walks that skip rows in the trash.
 */
export type TreeTable = PgTable & {
  userId: AnyPgColumn;
  id: AnyPgColumn;
  parentId: AnyPgColumn;
  deletedAt?: AnyPgColumn;
};

/**
 * Whole-subtree changes (complete, trash, restore) reach this far, further than any depth limit, so
 * trees built before a limit existed still move whole.
 */
export const SUBTREE_CHANGE_LIMIT = 1000;

/**
 * Every walk below stops where a path meets a row it already passed (the CYCLE clause), so a loop
 * left in old data cannot make a query run away; and each is bounded in depth. Walks that check or
 * show a tree go one level past the area's depth limit, so a chain that is too deep shows as such
 * without being walked to its end.
 */
const walkLimit = (maxDepth: number) => maxDepth + 1;

function names(table: TreeTable) {
  const column = (value: AnyPgColumn) => sql.identifier(value.name);
  return {
    table: sql.identifier(getTableName(table)),
    userId: column(table.userId),
    id: column(table.id),
    parentId: column(table.parentId),
    deletedAt: table.deletedAt ? column(table.deletedAt) : undefined,
  };
}

/** The given rows and every row below them, trashed ones included, each once. */
export async function findSubtreeIds(
  db: Db,
  table: TreeTable,
  options: { userId: string; rootIds: readonly string[] },
): Promise<string[]> {
  if (options.rootIds.length === 0) return [];
  const n = names(table);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with recursive subtree(id, depth) as (
          select ${n.id}, 0 from ${n.table} where ${n.userId} = ${options.userId} and ${n.id} in ${options.rootIds}
          union all
          select t.${n.id}, s.depth + 1 from ${n.table} t join subtree s on t.${n.parentId} = s.id
           where t.${n.userId} = ${options.userId} and s.depth < ${SUBTREE_CHANGE_LIMIT}
        ) cycle id set is_loop using path
        select distinct id from subtree where not is_loop`,
  );
  return rows.map((row) => row.id);
}

export type SubtreeEntry = { id: string; parentId: string | null; depth: number };

/**
 * A row and the rows below it, nearest levels first, each with its distance from the row (at most one
 * past `maxDepth`). Trashed rows count unless `isLiveOnly`: they keep their place and can come back.
 */
export async function findSubtree(
  db: Db,
  table: TreeTable,
  options: { userId: string; rootId: string; maxDepth: number; isLiveOnly: boolean },
): Promise<SubtreeEntry[]> {
  const n = names(table);
  if (options.isLiveOnly && !n.deletedAt) throw new Error(`${getTableName(table)} has no trash`);
  const live = options.isLiveOnly ? sql`and t.${n.deletedAt} is null` : sql``;
  const rows = await queryRows<{ id: string; parent_id: string | null; depth: number }>(
    db,
    sql`with recursive subtree(id, parent_id, depth) as (
          select t.${n.id}, t.${n.parentId}, 0 from ${n.table} t
           where t.${n.userId} = ${options.userId} and t.${n.id} = ${options.rootId} ${live}
          union all
          select t.${n.id}, t.${n.parentId}, s.depth + 1 from subtree s
            join ${n.table} t on t.${n.userId} = ${options.userId} and t.${n.parentId} = s.id ${live}
           where s.depth < ${walkLimit(options.maxDepth)}
        ) cycle id set is_loop using path
        select id, parent_id, depth from subtree where not is_loop order by depth`,
  );
  return rows.map((row) => ({ id: row.id, parentId: row.parent_id, depth: Number(row.depth) }));
}

/** How many levels a row's subtree reaches below it (0 for a leaf), trashed rows included. */
export async function findSubtreeHeight(
  db: Db,
  table: TreeTable,
  options: { userId: string; rootId: string; maxDepth: number },
): Promise<number> {
  const subtree = await findSubtree(db, table, { ...options, isLiveOnly: false });
  return subtree.reduce((height, entry) => Math.max(height, entry.depth), 0);
}

export type Ancestry = {
  /** From the root (or as far up as the walk went) down to the parent; `label` is the row's name. */
  ancestors: { id: string; label: string }[];
  /** The walk reached a top-level row: `ancestors.length` is then the row's level. */
  isRooted: boolean;
  /** The chain above the row runs into a loop (only in data from before loops were refused). */
  hasLoop: boolean;
};

/** The chain above a row, walked at most one level past `maxDepth`; undefined when the row is missing. */
export async function findAncestry(
  db: Db,
  table: TreeTable,
  options: { userId: string; id: string; maxDepth: number; label: AnyPgColumn },
): Promise<Ancestry | undefined> {
  const n = names(table);
  const label = sql.identifier(options.label.name);
  const rows = await queryRows<{
    id: string;
    parent_id: string | null;
    label: string;
    depth: number;
    is_loop: boolean;
  }>(
    db,
    sql`with recursive chain(id, parent_id, label, depth) as (
          select ${n.id}, ${n.parentId}, ${label}, 0 from ${n.table}
           where ${n.userId} = ${options.userId} and ${n.id} = ${options.id}
          union all
          select p.${n.id}, p.${n.parentId}, p.${label}, c.depth + 1 from chain c
            join ${n.table} p on p.${n.userId} = ${options.userId} and p.${n.id} = c.parent_id
           where c.depth < ${walkLimit(options.maxDepth)}
        ) cycle id set is_loop using path
        select id, parent_id, label, depth, is_loop from chain order by depth`,
  );
  const chain = rows.filter((row) => !row.is_loop);
  const top = chain.at(-1);
  if (!top) return undefined;
  return {
    ancestors: chain
      .slice(1)
      .reverse()
      .map((row) => ({ id: row.id, label: row.label })),
    isRooted: top.parent_id === null,
    hasLoop: chain.length !== rows.length,
  };
}

export type ParentProblem =
  /** The new parent is the row itself or sits below it. */
  | { problem: 'inside-itself' }
  /** The chain above the new parent runs into a loop. */
  | { problem: 'loop' }
  /** The row's subtree would reach below `maxDepth` (`deepestLevel` when the chain could be measured). */
  | { problem: 'too-deep'; deepestLevel: number | undefined };

/**
 * Why `parentId` cannot take the row `id` (or a new row, when `id` is absent), or undefined when it can.
 * The caller checks first that the parent is one of the user's rows, and holds a lock on the user's
 * tree, so the answer still holds when the change is written.
 */
export async function findParentProblem(
  db: Db,
  table: TreeTable,
  options: {
    userId: string;
    id?: string | undefined;
    parentId: string;
    maxDepth: number;
    label: AnyPgColumn;
  },
): Promise<ParentProblem | undefined> {
  const { userId, maxDepth } = options;
  const ancestry = await findAncestry(db, table, {
    userId,
    id: options.parentId,
    maxDepth,
    label: options.label,
  });
  const chain = [options.parentId.toLowerCase(), ...(ancestry?.ancestors ?? []).map((row) => row.id)];
  // Ids from the database are lower-case; the caller's may not be.
  if (options.id && chain.includes(options.id.toLowerCase())) return { problem: 'inside-itself' };
  if (!ancestry || ancestry.hasLoop) return { problem: 'loop' };
  if (!ancestry.isRooted) return { problem: 'too-deep', deepestLevel: undefined };
  const height = options.id
    ? await findSubtreeHeight(db, table, { userId, rootId: options.id, maxDepth })
    : 0;
  const deepestLevel = ancestry.ancestors.length + 1 + height;
  return deepestLevel > maxDepth ? { problem: 'too-deep', deepestLevel } : undefined;
}
