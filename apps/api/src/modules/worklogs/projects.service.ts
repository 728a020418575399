import type {
  CreateWorklogProjectBody,
  CsvExportConfig,
  UpdateWorklogProjectBody,
  WorklogProject,
} from '@cairn/contracts/worklogs';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import { normalizeCsvExportConfig, readCsvExportConfig } from './csv-export-config';
import type { ProjectChanges, ProjectRow } from './projects.repository';
import * as repository from './projects.repository';
import { isForeignKeyViolation } from './worklog-db-errors';

/** Work-log projects: what time is logged against, with a client and the CSV export's settings. */

export type ProjectScope = { userId: string; projectId: string };

export function toProject(row: ProjectRow): WorklogProject {
  return {
    id: row.id,
    name: row.name,
    client: row.client,
    endedAt: row.endedAt,
    csvExportConfig: readCsvExportConfig(row.csvExportConfig, row.name),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function getProjectRow(ctx: AppContext, scope: ProjectScope): Promise<ProjectRow> {
  return requireOwned(await repository.findProject(ctx.db, scope), 'Project');
}

/** Ended projects stay out of pickers unless asked for; reports and the list still show them. */
export async function listProjects(
  ctx: AppContext,
  options: { userId: string; includeEnded: boolean },
): Promise<WorklogProject[]> {
  return (await repository.findProjects(ctx.db, options)).map(toProject);
}

export async function getProject(ctx: AppContext, scope: ProjectScope): Promise<WorklogProject> {
  return toProject(await getProjectRow(ctx, scope));
}

/** An empty client is no client, so filters and reports group it with the projects that have none. */
const toClient = (client: string | null | undefined) => (client === undefined ? undefined : client || null);

export async function createProject(
  ctx: AppContext,
  options: { userId: string; body: CreateWorklogProjectBody },
): Promise<WorklogProject> {
  const row = await inTransaction(ctx, async (tx) => {
    await assertWithinPlanLimit(tx, { userId: options.userId, key: 'worklogProjects', adding: 1 });
    const now = tx.clock.now();
    return repository.insertProject(tx.db, {
      userId: options.userId,
      name: options.body.name,
      client: toClient(options.body.client) ?? null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return toProject(row);
}

export async function updateProject(
  ctx: AppContext,
  options: ProjectScope & { changes: UpdateWorklogProjectBody },
): Promise<WorklogProject> {
  const { changes } = options;
  const values: ProjectChanges = {
    name: changes.name,
    client: toClient(changes.client),
    endedAt: typeof changes.endedAt === 'string' ? new Date(changes.endedAt) : changes.endedAt,
  };
  if (!hasChanges(values)) return getProject(ctx, options);
  const row = await repository.updateProject(ctx.db, { ...options, changes: values, at: ctx.clock.now() });
  return toProject(requireOwned(row, 'Project'));
}

/** Stores the export settings checked and completed, and answers them as they will be read. */
export async function updateCsvExportConfig(
  ctx: AppContext,
  options: ProjectScope & { config: CsvExportConfig },
): Promise<WorklogProject> {
  // Another user's project answers 404 whatever the settings sent.
  await getProjectRow(ctx, options);
  const config = normalizeCsvExportConfig(options.config);
  const row = await repository.updateProject(ctx.db, {
    ...options,
    changes: { csvExportConfig: config },
    at: ctx.clock.now(),
  });
  return toProject(requireOwned(row, 'Project'));
}

/**
 * A project with entries is kept: a timesheet must not lose its time. The database refuses the
 * delete while any entry names the project, so an entry added meanwhile cannot be orphaned either.
 */
export async function deleteProject(ctx: AppContext, scope: ProjectScope): Promise<void> {
  let isDeleted: boolean;
  try {
    isDeleted = await repository.deleteProject(ctx.db, scope);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw new AppError(
      'CONFLICT',
      'The project has time logged on it, so it cannot be deleted; end it instead to hide it from pickers',
    );
  }
  if (!isDeleted) throw notFound('Project');
}

/** Remembers the preset an export used, so the dialog offers it first next time. */
export async function rememberPreset(
  ctx: AppContext,
  options: ProjectScope & { presetName: string },
): Promise<void> {
  await repository.setLastUsedPreset(ctx.db, options);
}
