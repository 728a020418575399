import type { ValidationIssue } from '@cairn/contracts/errors';
import {
  type FormulaPreview,
  type FormulaPreviewBody,
  TRACKER_DAILY_RECALCULATION_CAP,
} from '@cairn/contracts/trackers';
import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { formatDecimal } from '../../lib/decimal';
import { getUserRow, resolveTimeZone } from '../users/users.service';
import type { CalculationRow, SourceEdge, SourceTracker } from './calculated-trackers.repository';
import * as repository from './calculated-trackers.repository';
import { type CheckedFormula, evaluateFormula, parseFormula } from './formula';
import { toVariableName } from './variable-names';

/**
 * Calculated trackers: a formula over source trackers, evaluated per calendar day over each
 * source's value on that day: its latest log on or before the day, so a height logged once carries
 * into every later day's BMI. A calculated tracker has a value on each day on which any source has a
 * log, once every source has one on or before it. Each day's result is one row in tracker_logs,
 * recomputed when the formula or a source's logs change, and by the daily job.
 */

export const CYCLE_MESSAGE = 'Calculated trackers cannot depend on each other in a cycle';

function invalid(field: string, message: string): AppError {
  const issues: ValidationIssue[] = [{ path: ['body', field], message }];
  return new AppError('VALIDATION_FAILED', message, { issues });
}

type Variable = { name: string; trackerId: string };

/** Each source's variable name, in the sources' order; two sources named alike are refused. */
function nameVariables(sourceTrackerIds: readonly string[], sources: readonly SourceTracker[]): Variable[] {
  const byId = new Map(sources.map((source) => [source.id, source]));
  const seen = new Map<string, SourceTracker>();
  return sourceTrackerIds.map((trackerId) => {
    const source = byId.get(trackerId);
    if (!source) throw notFound('Source tracker');
    const name = toVariableName(source.name);
    const other = seen.get(name);
    if (other) {
      throw invalid(
        'sourceTrackerIds',
        `Source trackers '${other.name}' and '${source.name}' are both named '${name}' in formulas; rename one`,
      );
    }
    seen.set(name, source);
    return { name, trackerId };
  });
}

function checkFormula(formula: string, variables: readonly Variable[]): CheckedFormula {
  const checked = parseFormula(
    formula,
    variables.map((variable) => variable.name),
  );
  if (!checked.ok) throw invalid('calculationFormula', checked.message);
  return checked.formula;
}

/** Checks a calculated tracker's formula and sources; throws a 400 AppError naming the token, variable or cycle. */
export async function checkCalculation(
  ctx: AppContext,
  options: { userId: string; trackerId?: string; formula: string; sourceTrackerIds: string[] },
): Promise<void> {
  await checkSourcesAndFormula(ctx, options);
}

/** checkCalculation, answering the variables it named and the checked formula. */
async function checkSourcesAndFormula(
  ctx: AppContext,
  options: { userId: string; trackerId?: string; formula: string; sourceTrackerIds: readonly string[] },
): Promise<{ variables: Variable[]; formula: CheckedFormula }> {
  const { userId, trackerId, sourceTrackerIds } = options;
  const sources = await repository.findTrackerNames(ctx.db, { userId, trackerIds: sourceTrackerIds });
  const variables = nameVariables(sourceTrackerIds, sources);
  const formula = checkFormula(options.formula, variables);
  if (trackerId !== undefined && sourceTrackerIds.length > 0) {
    const isCycle =
      sourceTrackerIds.includes(trackerId) ||
      (await repository.isReachableFromSources(ctx.db, { userId, trackerId, sourceTrackerIds }));
    if (isCycle) throw invalid('sourceTrackerIds', CYCLE_MESSAGE);
  }
  return { variables, formula };
}

/** The calendar day `now` falls on in `timeZone`, and the `count` days before it (oldest first). */
function recentDays(now: Date, timeZone: string, count: number): string[] {
  const today = new TZDate(now.getTime(), timeZone);
  return Array.from({ length: count }, (_, index) => format(subDays(today, count - 1 - index), 'yyyy-MM-dd'));
}

const todayIn = (ctx: AppContext, timeZone: string) => recentDays(ctx.clock.now(), timeZone, 1)[0] as string;

/**
 * Recomputes a calculated tracker for every day from `fromDay` on (every day when left out) and
 * counts the recalculation. Returns the days whose value changed. A tracker that is not calculated,
 * or whose formula no longer reads its sources (a source renamed since), is left as it is.
 */
async function recomputeDays(
  ctx: AppContext,
  options: { userId: string; calculation: CalculationRow; timeZone: string; fromDay?: string },
): Promise<string[]> {
  const { userId, calculation, timeZone, fromDay } = options;
  if (!calculation.isCalculated || !calculation.calculationFormula) return [];
  const variables = calculation.sources.map((source) => ({
    name: toVariableName(source.name),
    trackerId: source.id,
  }));
  const checked = parseFormula(
    calculation.calculationFormula,
    variables.map((variable) => variable.name),
  );
  if (!checked.ok || variables.length === 0) return [];
  const dayValues = await repository.findDayValues(ctx.db, {
    userId,
    trackerIds: variables.map((variable) => variable.trackerId),
    timeZone,
    fromDay,
  });
  const values = evaluateDays(checked.formula, variables, dayValues, fromDay);
  return inTransaction(ctx, async (tx) => {
    const changed = await repository.replaceCalculatedValues(tx.db, {
      userId,
      trackerId: calculation.id,
      timeZone,
      values,
      fromDay,
      at: tx.clock.now(),
    });
    await repository.countRecalculation(tx.db, {
      userId,
      trackerId: calculation.id,
      today: todayIn(tx, timeZone),
    });
    return changed;
  });
}

/**
 * The formula's value on each day (from `fromDay` on, when given) on which any source has a value,
 * each source carrying its latest value forward; days before every source has one get none, as do
 * days the formula has none on (a division by zero). Values of days before `fromDay` only set what
 * is carried into it.
 */
function evaluateDays(
  formula: CheckedFormula,
  variables: readonly Variable[],
  dayValues: readonly repository.DayValue[],
  fromDay?: string,
): { day: string; value: string }[] {
  const nameOf = new Map(variables.map((variable) => [variable.trackerId, variable.name]));
  const byDay = new Map<string, { name: string; value: string }[]>();
  for (const { trackerId, day, value } of dayValues) {
    const name = nameOf.get(trackerId);
    if (name === undefined) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), { name, value }]);
  }
  const carried: Record<string, string> = Object.create(null);
  const results: { day: string; value: string }[] = [];
  for (const day of [...byDay.keys()].sort()) {
    for (const { name, value } of byDay.get(day) ?? []) carried[name] = value;
    if (fromDay !== undefined && day < fromDay) continue;
    if (Object.keys(carried).length < variables.length) continue;
    const value = evaluateFormula(formula, carried);
    if (value !== null) results.push({ day, value });
  }
  return results;
}

/**
 * The order to recompute `trackerIds` in: each after the ones among them it reads (edges to
 * trackers outside the set do not constrain it). A leftover cycle, which checkCalculation keeps
 * from forming, would only put its trackers last.
 */
function orderByDependency(trackerIds: readonly string[], edges: readonly SourceEdge[]): string[] {
  const pending = new Map(trackerIds.map((id) => [id, 0]));
  const readers = new Map<string, string[]>();
  for (const { trackerId, sourceTrackerId } of edges) {
    if (!pending.has(trackerId) || !pending.has(sourceTrackerId)) continue;
    pending.set(trackerId, (pending.get(trackerId) ?? 0) + 1);
    readers.set(sourceTrackerId, [...(readers.get(sourceTrackerId) ?? []), trackerId]);
  }
  const ready = [...pending].filter(([, count]) => count === 0).map(([id]) => id);
  const ordered: string[] = [];
  while (ready.length > 0) {
    const id = ready.shift() as string;
    ordered.push(id);
    for (const reader of readers.get(id) ?? []) {
      const count = (pending.get(reader) ?? 0) - 1;
      pending.set(reader, count);
      if (count === 0) ready.push(reader);
    }
  }
  const left = trackerIds.filter((id) => !ordered.includes(id));
  return [...ordered, ...left];
}

/** Recomputes every day of one calculated tracker (after it is created or its formula or sources change). */
export async function recalculateTracker(
  ctx: AppContext,
  options: { userId: string; trackerId: string; timeZone: string },
): Promise<void> {
  const { userId, trackerId, timeZone } = options;
  const calculation = await repository.findCalculation(ctx.db, { userId, trackerId });
  if (!calculation) throw notFound('Tracker');
  const changed = await recomputeDays(ctx, { userId, calculation, timeZone });
  // Trackers reading this one follow on the days it changed.
  await recalculateDependents(ctx, { userId, trackerId, days: changed, timeZone });
}

/**
 * Recomputes the calculated trackers that read `trackerId`, directly or through other calculated
 * trackers, after its values changed on the given calendar days (in `timeZone`). A value carries
 * forward, so every day from the earliest of them on is recomputed: one read of each source from
 * there (plus what it carries in), rather than the whole history.
 */
export async function recalculateDependents(
  ctx: AppContext,
  options: { userId: string; trackerId: string; days: string[]; timeZone: string },
): Promise<void> {
  const { userId, trackerId, timeZone } = options;
  if (options.days.length === 0) return;
  const fromDay = [...options.days].sort()[0];
  const edges = await repository.findDependentEdges(ctx.db, { userId, trackerId });
  const dependents = [...new Set(edges.map((edge) => edge.trackerId))];
  const today = todayIn(ctx, timeZone);
  for (const dependentId of orderByDependency(dependents, edges)) {
    const calculation = await repository.findCalculation(ctx.db, { userId, trackerId: dependentId });
    if (!calculation) continue;
    // Past the cap the tracker waits for the daily job, which recomputes the last days anyway.
    const isCapped =
      calculation.lastRecalculationDate === today &&
      calculation.dailyRecalculationCount >= TRACKER_DAILY_RECALCULATION_CAP;
    if (isCapped) continue;
    await recomputeDays(ctx, { userId, calculation, timeZone, fromDay });
  }
}

/** How many days back the daily job recomputes: yesterday and today, in the user's zone. */
export const RECENT_RECALCULATION_DAYS = 2;

/**
 * Recomputes every calculated tracker of one user from yesterday on in the profile's zone (later
 * days too: a value logged ahead carries forward as well), sources before the trackers reading them.
 * The daily cap does not apply: this is the catch-up.
 */
export async function recalculateRecentDays(ctx: AppContext, options: { userId: string }): Promise<void> {
  const { userId } = options;
  const timeZone = (await getUserRow(ctx, { userId })).timezone;
  const [fromDay] = recentDays(ctx.clock.now(), timeZone, RECENT_RECALCULATION_DAYS);
  const graph = await repository.findCalculatedGraph(ctx.db, userId);
  for (const trackerId of orderByDependency(graph.trackerIds, graph.edges)) {
    const calculation = await repository.findCalculation(ctx.db, { userId, trackerId });
    if (calculation) await recomputeDays(ctx, { userId, calculation, timeZone, fromDay });
  }
}

/** The users the daily job visits. */
export function findUsersWithCalculatedTrackers(ctx: AppContext): Promise<string[]> {
  return repository.findUsersWithCalculatedTrackers(ctx.db);
}

/** A stored value as the wire shows it ("70", not "70.000000"). */
const formatValue = (value: string | undefined) => (value === undefined ? null : formatDecimal(value));

/**
 * Checks a formula as checkCalculation does, and evaluates it for the latest day (in the user's
 * zone) on which any source has a log, once every source has a value on or before it: each
 * source's latest value, carried to that day. Until every source has one, there is no day.
 */
export async function previewFormula(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; body: FormulaPreviewBody },
): Promise<FormulaPreview> {
  const { userId, body } = options;
  if (body.trackerId !== undefined) {
    const tracker = await repository.findTrackerNames(ctx.db, { userId, trackerIds: [body.trackerId] });
    if (tracker.length === 0) throw notFound('Tracker');
  }
  const { variables, formula } = await checkSourcesAndFormula(ctx, {
    userId,
    trackerId: body.trackerId,
    formula: body.calculationFormula,
    sourceTrackerIds: body.sourceTrackerIds,
  });
  const timeZone = await resolveTimeZone(ctx, options);
  const latest = await repository.findLatestValues(ctx.db, {
    userId,
    trackerIds: variables.map((variable) => variable.trackerId),
    timeZone,
  });
  const isComplete = latest.length === variables.length;
  const dayValues = isComplete ? latest : [];
  const sourceValues = new Map(dayValues.map((row) => [row.trackerId, row.value]));
  const date = dayValues
    .map((row) => row.day)
    .sort()
    .at(-1);
  // Evaluated on the latest day alone, every other source's value carried into it.
  const [result] = evaluateDays(formula, variables, dayValues, date);
  return {
    date: date ?? null,
    value: result?.value ?? null,
    variables: variables.map((variable) => ({
      name: variable.name,
      trackerId: variable.trackerId,
      value: formatValue(sourceValues.get(variable.trackerId)),
    })),
  };
}
