import {
  type ChartConfig,
  type ChartType,
  type CreateDashboardChartBody,
  chartConfigSchema,
  chartTypes,
  checkChartConfig,
  type DashboardChart,
  type DashboardLayoutBody,
  type UpdateDashboardChartBody,
} from '@cairn/contracts/trackers';
import { z } from 'zod';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import type { ChartRow } from './dashboard.repository';
import * as repository from './dashboard.repository';

/**
 * The dashboard: the user's charts on a 12-column grid, each with its cell ("x,y"), its size
 * ("width,height") and what it shows (config). A chart only names the user's own trackers.
 */

export type ChartScope = { userId: string; chartId: string };

/** Where a chart lands when the client gives no size. */
export const DEFAULT_CHART_SIZE = '6,4';

export function toDashboardChart(row: ChartRow): DashboardChart {
  return {
    id: row.id,
    name: row.name,
    chartType: row.chartType,
    position: row.position,
    size: row.size,
    config: row.config,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listCharts(ctx: AppContext, options: { userId: string }): Promise<DashboardChart[]> {
  return (await repository.findCharts(ctx.db, options.userId)).map(toDashboardChart);
}

export async function getChartRow(ctx: AppContext, scope: ChartScope): Promise<ChartRow> {
  return requireOwned(await repository.findChart(ctx.db, scope), 'Chart');
}

export async function getChart(ctx: AppContext, scope: ChartScope): Promise<DashboardChart> {
  return toDashboardChart(await getChartRow(ctx, scope));
}

/** Another user's tracker answers like a missing one: 404, naming neither. */
async function assertOwnTrackers(
  ctx: AppContext,
  options: { userId: string; trackerIds: readonly string[] },
): Promise<void> {
  const owned = await repository.findOwnedTrackerIds(ctx.db, options);
  if (owned.length !== new Set(options.trackerIds).size) throw notFound('Tracker');
}

const mergedChartSchema = z
  .object({ chartType: z.enum(chartTypes), config: chartConfigSchema })
  .superRefine(checkChartConfig);

/**
 * A PATCH of only the chart type or only the config passes the contract alone; the result of
 * merging it with the stored other half must pass the same rule.
 */
function assertValidMerge(chartType: ChartType, config: ChartConfig): void {
  const result = mergedChartSchema.safeParse({ chartType, config });
  if (result.success) return;
  const issues = result.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid input', { issues });
}

export async function createChart(
  ctx: AppContext,
  options: { userId: string; body: CreateDashboardChartBody },
): Promise<DashboardChart> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    await assertWithinPlanLimit(tx, { userId, key: 'dashboardCharts', adding: 1 });
    await assertOwnTrackers(tx, { userId, trackerIds: body.config.trackerIds });
    let position = body.position;
    if (position === undefined) {
      await repository.lockDashboard(tx.db, userId);
      position = `0,${await repository.findDashboardBottom(tx.db, userId)}`;
    }
    const now = tx.clock.now();
    const row = await repository.insertChart(tx.db, {
      userId,
      name: body.name,
      chartType: body.chartType,
      position,
      size: body.size ?? DEFAULT_CHART_SIZE,
      config: body.config,
      createdAt: now,
      updatedAt: now,
    });
    return toDashboardChart(row);
  });
}

export async function updateChart(
  ctx: AppContext,
  options: ChartScope & { changes: UpdateDashboardChartBody },
): Promise<DashboardChart> {
  const { userId, chartId, changes } = options;
  return inTransaction(ctx, async (tx) => {
    const row = requireOwned(await repository.findChart(tx.db, { ...options, isForUpdate: true }), 'Chart');
    if (!hasChanges(changes)) return toDashboardChart(row);
    assertValidMerge(changes.chartType ?? row.chartType, changes.config ?? row.config);
    if (changes.config) await assertOwnTrackers(tx, { userId, trackerIds: changes.config.trackerIds });
    const updated = await repository.updateChart(tx.db, { userId, chartId, changes, at: tx.clock.now() });
    return toDashboardChart(requireOwned(updated, 'Chart'));
  });
}

export async function deleteChart(ctx: AppContext, scope: ChartScope): Promise<void> {
  if (!(await repository.deleteChart(ctx.db, scope))) throw notFound('Chart');
}

/**
 * Saves the grid as the user left it: every listed chart's cell and size, all or nothing. A chart
 * that is not the user's (or is gone) answers 404 and moves none. Answers the whole dashboard.
 */
export async function saveLayout(
  ctx: AppContext,
  options: { userId: string; body: DashboardLayoutBody },
): Promise<DashboardChart[]> {
  const { userId, body } = options;
  const chartIds = body.items.map((item) => item.id);
  if (new Set(chartIds).size !== chartIds.length) {
    const message = 'Each chart may appear only once';
    throw new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', 'items'], message }] });
  }
  return inTransaction(ctx, async (tx) => {
    const owned = await repository.lockOwnedChartIds(tx.db, { userId, chartIds });
    if (owned.length !== chartIds.length) throw notFound('Chart');
    await repository.updateChartLayout(tx.db, { userId, items: body.items, at: tx.clock.now() });
    return (await repository.findCharts(tx.db, userId)).map(toDashboardChart);
  });
}
