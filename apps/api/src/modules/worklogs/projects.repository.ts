import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { worklogProjects } from './worklogs.table';

export type ProjectRow = typeof worklogProjects.$inferSelect;
export type NewProjectRow = typeof worklogProjects.$inferInsert;
export type ProjectChanges = Partial<Pick<ProjectRow, 'name' | 'client' | 'endedAt' | 'csvExportConfig'>>;

const byUserAndId = (userId: string, projectId: string) =>
  and(eq(worklogProjects.userId, userId), eq(worklogProjects.id, projectId));

export function findProjects(db: Db, options: { userId: string; includeEnded: boolean }) {
  return db
    .select()
    .from(worklogProjects)
    .where(
      and(
        eq(worklogProjects.userId, options.userId),
        options.includeEnded ? undefined : isNull(worklogProjects.endedAt),
      ),
    )
    .orderBy(asc(sql`lower(${worklogProjects.name})`), asc(worklogProjects.id));
}

export async function findProject(
  db: Db,
  options: { userId: string; projectId: string },
): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(worklogProjects).where(byUserAndId(options.userId, options.projectId));
  return row;
}

export async function insertProject(db: Db, values: NewProjectRow): Promise<ProjectRow> {
  const [row] = await db.insert(worklogProjects).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProject(
  db: Db,
  options: { userId: string; projectId: string; changes: ProjectChanges; at: Date },
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(worklogProjects)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.projectId))
    .returning();
  return row;
}

/** Sets the last-used preset inside the stored settings, leaving everything else as it is. */
export async function setLastUsedPreset(
  db: Db,
  options: { userId: string; projectId: string; presetName: string },
): Promise<void> {
  await db
    .update(worklogProjects)
    .set({
      csvExportConfig: sql`jsonb_set(${worklogProjects.csvExportConfig}, '{lastUsedPreset}', to_jsonb(${options.presetName}::text))`,
    })
    .where(
      and(
        byUserAndId(options.userId, options.projectId),
        sql`${worklogProjects.csvExportConfig} is not null`,
      ),
    );
}

/** False when there was no such project. Entries keep a project: with any, the database refuses (23503). */
export async function deleteProject(
  db: Db,
  options: { userId: string; projectId: string },
): Promise<boolean> {
  const rows = await db
    .delete(worklogProjects)
    .where(byUserAndId(options.userId, options.projectId))
    .returning({ id: worklogProjects.id });
  return rows.length > 0;
}
