import type { CreateTrackerBody, Tracker, UpdateTrackerBody } from '@cairn/contracts/trackers';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { formatDecimal, parseDecimal } from '../../lib/decimal';
import { requireOwned } from '../../lib/require-owned';
import { listCurrencies } from '../currencies/currencies.service';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import { resolveTimeZone } from '../users/users.service';
import { checkCalculation, recalculateDependents, recalculateTracker } from './calculated-trackers.service';
import type { TrackerChanges, TrackerRow, TrackerViewRow } from './definitions.repository';
import * as repository from './definitions.repository';
import { parseFormula } from './formula';
import { formulaReadsSymbol, renameFormulaVariable } from './formula-rename';
import { assertFullOrder, assertGroupExists } from './groups.service';
import { refusingBrokenReferences, usedAsSource } from './tracker-db-errors';
import { toVariableName } from './variable-names';

/**
 * Trackers: values a user logs by hand, computes from other trackers by a formula, or follows from
 * their own data (system trackers, read-only here: created and fed elsewhere).
 */

export type TrackerScope = { userId: string; trackerId: string };

export const SOURCES_NEED_CALCULATION_MESSAGE = 'Only a calculated tracker reads source trackers';
export const FORMULA_NEEDS_CALCULATION_MESSAGE = 'Only a calculated tracker has a formula';
export const HAND_LOGGED_VALUES_MESSAGE =
  'This tracker has logged values; create a new tracker for the formula';

const formatNullableDecimal = (value: string | null) => (value === null ? null : formatDecimal(value));

export function toTracker(row: TrackerViewRow, sourceTrackerIds: string[]): Tracker {
  return {
    id: row.id,
    name: row.name,
    variableName: toVariableName(row.name),
    valueFormat: row.valueFormat,
    currencyId: row.currencyId,
    unit: row.unit,
    note: row.note,
    lowerBoundary: formatNullableDecimal(row.lowerBoundary),
    upperBoundary: formatNullableDecimal(row.upperBoundary),
    groupId: row.groupId,
    priority: row.priority,
    origin: row.origin,
    isSystem: row.isSystem,
    systemSource: row.systemSource as Tracker['systemSource'],
    systemSourceKey: row.systemSourceKey,
    isCalculated: row.isCalculated,
    calculationFormula: row.calculationFormula,
    sourceTrackerIds,
    lastRecalculationDate: row.lastRecalculationDate,
    dailyRecalculationCount: row.dailyRecalculationCount,
    lastLog:
      row.lastLogId !== null && row.lastLogValue !== null && row.lastLogDate !== null
        ? { id: row.lastLogId, value: formatDecimal(row.lastLogValue), logDate: row.lastLogDate }
        : null,
    logCount: row.logCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listTrackers(
  ctx: AppContext,
  options: { userId: string; groupId?: string | undefined },
): Promise<Tracker[]> {
  const { userId, groupId } = options;
  if (groupId) await assertGroupExists(ctx, { userId, groupId });
  const [rows, sources] = await Promise.all([
    repository.findTrackerViews(ctx.db, { userId, groupId }),
    repository.findSourceIds(ctx.db, { userId }),
  ]);
  return rows.map((row) => toTracker(row, sources.get(row.id) ?? []));
}

export async function getTracker(ctx: AppContext, scope: TrackerScope): Promise<Tracker> {
  const [row] = await repository.findTrackerViews(ctx.db, scope);
  const owned = requireOwned(row, 'Tracker');
  const sources = await repository.findSourceIds(ctx.db, { userId: scope.userId, trackerIds: [owned.id] });
  return toTracker(owned, sources.get(owned.id) ?? []);
}

/** A tracker's row alone (404 for a missing or another user's), for the rest of the area. */
export async function getTrackerRow(
  ctx: AppContext,
  scope: TrackerScope & { lock?: repository.TrackerLock },
): Promise<TrackerRow> {
  return requireOwned(await repository.findTracker(ctx.db, scope), 'Tracker');
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', field], message }] });
}

/** What a tracker's settings come to once a change is applied to them (or a new tracker's, to nothing). */
type TrackerSettings = {
  valueFormat: TrackerRow['valueFormat'];
  currencyId: string | null;
  lowerBoundary: string | null;
  upperBoundary: string | null;
  groupId: string | null;
  isCalculated: boolean;
  calculationFormula: string | null;
  sourceTrackerIds: string[];
};

const emptyToNull = (value: string | null) => (value === '' ? null : value);

/**
 * Sources or a formula sent for a tracker that is not calculated (and does not become so) are
 * refused rather than dropped: the user meant something the tracker will not do.
 */
function assertOnlyCalculatedReads(body: UpdateTrackerBody, isCalculated: boolean): void {
  if (isCalculated) return;
  if (body.sourceTrackerIds && body.sourceTrackerIds.length > 0) {
    throw invalid('sourceTrackerIds', SOURCES_NEED_CALCULATION_MESSAGE);
  }
  if (body.calculationFormula && body.calculationFormula.trim() !== '') {
    throw invalid('calculationFormula', FORMULA_NEEDS_CALCULATION_MESSAGE);
  }
}

/**
 * Applies the given fields over the current settings: a field left out keeps its value. Sources or
 * a formula for a tracker that stays plain are a 400.
 */
function mergeSettings(current: TrackerSettings, body: UpdateTrackerBody): TrackerSettings {
  const valueFormat = body.valueFormat ?? current.valueFormat;
  // Leaving the currency format drops the currency, unless the change names one (then it is refused).
  const currencyId =
    body.currencyId !== undefined ? body.currencyId : valueFormat === 'currency' ? current.currencyId : null;
  const isCalculated = body.isCalculated ?? current.isCalculated;
  assertOnlyCalculatedReads(body, isCalculated);
  return {
    valueFormat,
    currencyId,
    lowerBoundary: body.lowerBoundary !== undefined ? emptyToNull(body.lowerBoundary) : current.lowerBoundary,
    upperBoundary: body.upperBoundary !== undefined ? emptyToNull(body.upperBoundary) : current.upperBoundary,
    groupId: body.groupId !== undefined ? body.groupId : current.groupId,
    isCalculated,
    // A tracker that is not calculated has no formula and reads no tracker.
    calculationFormula: isCalculated
      ? body.calculationFormula !== undefined
        ? body.calculationFormula
        : current.calculationFormula
      : null,
    sourceTrackerIds: isCalculated ? (body.sourceTrackerIds ?? current.sourceTrackerIds) : [],
  };
}

/**
 * Sources a request names must be the user's trackers: checked before anything else about them, so
 * another user's tracker answers 404 exactly like a missing one, whatever else the request holds.
 */
async function assertOwnSources(
  ctx: AppContext,
  options: { userId: string; sourceTrackerIds: readonly string[] | undefined },
): Promise<void> {
  const { userId, sourceTrackerIds } = options;
  if (!sourceTrackerIds || sourceTrackerIds.length === 0) return;
  const found = new Set(
    await repository.findTrackerIdsAmong(ctx.db, { userId, trackerIds: sourceTrackerIds }),
  );
  if (sourceTrackerIds.some((id) => !found.has(id))) throw notFound('Source tracker');
}

/**
 * Checks what the settings refer to and how they fit together: the currency of (and only of) a
 * currency tracker, boundaries in order, the user's own group, and a calculated tracker's formula
 * and sources (then the formula itself, through the calculation).
 */
async function assertValidSettings(
  ctx: AppContext,
  options: { userId: string; trackerId?: string; settings: TrackerSettings; isCalculationChanged: boolean },
): Promise<void> {
  const { userId, trackerId, settings } = options;
  if (settings.valueFormat === 'currency' && !settings.currencyId) {
    throw invalid('currencyId', 'Choose the currency of a currency tracker');
  }
  if (settings.valueFormat !== 'currency' && settings.currencyId) {
    throw invalid('currencyId', 'Only a currency tracker has a currency');
  }
  if (settings.currencyId) {
    const known = (await listCurrencies(ctx)).some((currency) => currency.id === settings.currencyId);
    if (!known) throw notFound('Currency');
  }
  const { lowerBoundary, upperBoundary } = settings;
  if (lowerBoundary !== null && upperBoundary !== null) {
    if (parseDecimal(lowerBoundary).gt(parseDecimal(upperBoundary))) {
      throw invalid('lowerBoundary', 'Lower boundary must not be above the upper boundary');
    }
  }
  if (settings.groupId) await assertGroupExists(ctx, { userId, groupId: settings.groupId });
  if (!settings.isCalculated) return;
  const formula = settings.calculationFormula?.trim() ?? '';
  if (formula === '') throw invalid('calculationFormula', 'A calculated tracker needs a formula');
  const sourceIds = settings.sourceTrackerIds;
  if (sourceIds.length === 0) {
    throw invalid('sourceTrackerIds', 'A calculated tracker needs at least one source tracker');
  }
  if (trackerId && sourceIds.includes(trackerId)) {
    throw invalid('sourceTrackerIds', 'A tracker cannot be its own source');
  }
  // Sources a request named are checked by assertOwnSources; kept ones are the user's already, and
  // one deleted in between is a missing reference when the calculation reads their names.
  if (options.isCalculationChanged) {
    await checkCalculation(ctx, { userId, trackerId, formula, sourceTrackerIds: sourceIds });
  }
}

/** The columns written from settings (boundaries as the numbers they are, formula trimmed). */
function settingsColumns(settings: TrackerSettings): TrackerChanges {
  return {
    valueFormat: settings.valueFormat,
    currencyId: settings.currencyId,
    lowerBoundary: settings.lowerBoundary,
    upperBoundary: settings.upperBoundary,
    groupId: settings.groupId,
    isCalculated: settings.isCalculated,
    calculationFormula: settings.isCalculated ? (settings.calculationFormula?.trim() ?? null) : null,
  };
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

const noSettings: TrackerSettings = {
  valueFormat: 'number',
  currencyId: null,
  lowerBoundary: null,
  upperBoundary: null,
  groupId: null,
  isCalculated: false,
  calculationFormula: null,
  sourceTrackerIds: [],
};

export async function createTracker(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; body: CreateTrackerBody },
): Promise<Tracker> {
  const { userId, body } = options;
  const row = await inTransaction(ctx, async (tx) => {
    await assertWithinPlanLimit(tx, { userId, key: 'trackers', adding: 1 });
    await assertOwnSources(tx, { userId, sourceTrackerIds: body.sourceTrackerIds });
    const settings = mergeSettings(noSettings, body);
    await assertValidSettings(tx, { userId, settings, isCalculationChanged: true });
    const last = await repository.findLastTrackerPriority(tx.db, userId);
    const now = tx.clock.now();
    return refusingBrokenReferences(async () => {
      const inserted = await repository.insertTracker(tx.db, {
        userId,
        name: body.name,
        ...settingsColumns(settings),
        unit: blankToNull(body.unit) ?? null,
        note: blankToNull(body.note) ?? null,
        origin: blankToNull(body.origin) ?? null,
        priority: last === undefined ? 0 : last + 1,
        createdAt: now,
        updatedAt: now,
      });
      await repository.replaceSources(tx.db, {
        userId,
        trackerId: inserted.id,
        sourceTrackerIds: settings.sourceTrackerIds,
      });
      return inserted;
    });
  });
  if (row.isCalculated) {
    const timeZone = await resolveTimeZone(ctx, options);
    await recalculateTracker(ctx, { userId, trackerId: row.id, timeZone });
  }
  return getTracker(ctx, { userId, trackerId: row.id });
}

/** What a system tracker lets a user change: how it is named, shown and grouped, never what it follows. */
const systemEditableFields = new Set<keyof UpdateTrackerBody>([
  'name',
  'groupId',
  'note',
  'unit',
  'lowerBoundary',
  'upperBoundary',
]);

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

const sameDecimal = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : parseDecimal(a).eq(parseDecimal(b));

/**
 * The fields a change sets to something other than what the tracker has (a form may send every
 * field back as it was: those are no change, and a system tracker does not refuse them).
 */
function changedFields(row: TrackerRow, sourceIds: string[], changes: UpdateTrackerBody): string[] {
  return Object.entries(changes)
    .filter(([field, value]) => {
      if (value === undefined) return false;
      if (field === 'sourceTrackerIds') return !sameIds(sourceIds, value as string[]);
      if (field === 'lowerBoundary' || field === 'upperBoundary') {
        return !sameDecimal(row[field], emptyToNull(value as string | null));
      }
      if (field === 'unit' || field === 'note' || field === 'origin') {
        return row[field] !== blankToNull(value as string | null);
      }
      return row[field as keyof TrackerRow] !== value;
    })
    .map(([field]) => field);
}

/**
 * Rewrites the formulas that read a tracker whose variable name changes (`from` → `to`), in the
 * caller's transaction. Refused with a 400 on the name when a dependent already has another source
 * of that name, or its formula uses the name for something else (a constant such as `e`), or the
 * new name cannot stand in a formula. The values stay as they are: the data is the same.
 */
async function renameInDependentFormulas(
  tx: AppContext,
  options: TrackerScope & { from: string; to: string; at: Date },
): Promise<void> {
  const { userId, from, to, at } = options;
  const dependents = await repository.findDependentFormulasForUpdate(tx.db, options);
  for (const dependent of dependents) {
    const otherVariables = dependent.otherSources.map((source) => toVariableName(source.name));
    if (otherVariables.includes(to)) {
      throw invalid('name', `Another source of ${dependent.name} is already called ${to}`);
    }
    const formula = dependent.calculationFormula;
    if (!formula) continue;
    if (formulaReadsSymbol(formula, to)) {
      throw invalid('name', `The formula of ${dependent.name} already uses ${to}`);
    }
    const renamed = renameFormulaVariable(formula, from, to);
    if (renamed === formula) continue;
    // A formula that was already unreadable (a source renamed before formulas followed) is not the rename's fault.
    const wasReadable = parseFormula(formula, [...otherVariables, from]).ok;
    const checked = parseFormula(renamed, [...otherVariables, to]);
    if (wasReadable && !checked.ok) {
      throw invalid('name', `Renaming breaks the formula of ${dependent.name}: ${checked.message}`);
    }
    await repository.updateTracker(tx.db, {
      userId,
      trackerId: dependent.id,
      changes: { calculationFormula: renamed },
      at,
    });
  }
}

/** What an update leaves to do once committed: recompute the tracker, or its dependents on cleared days. */
type UpdateFollowUp = { isRecalculated: boolean; clearedDays: string[] };

export async function updateTracker(
  ctx: AppContext,
  options: TrackerScope & { requestTimeZone: string | undefined; changes: UpdateTrackerBody },
): Promise<Tracker> {
  const { userId, trackerId, changes } = options;
  const followUp = await inTransaction(ctx, async (tx): Promise<UpdateFollowUp> => {
    const row = await getTrackerRow(tx, { userId, trackerId, lock: 'update' });
    await assertOwnSources(tx, { userId, sourceTrackerIds: changes.sourceTrackerIds });
    const sourceIds =
      (await repository.findSourceIds(tx.db, { userId, trackerIds: [trackerId] })).get(trackerId) ?? [];
    const changed = changedFields(row, sourceIds, changes);
    if (changed.length === 0) return { isRecalculated: false, clearedDays: [] };
    if (
      row.isSystem &&
      changed.some((field) => !systemEditableFields.has(field as keyof UpdateTrackerBody))
    ) {
      throw new AppError(
        'CONFLICT',
        'A system tracker follows your data: only its name, group, note, unit and boundaries can change',
      );
    }
    const current: TrackerSettings = { ...row, sourceTrackerIds: sourceIds };
    const settings = mergeSettings(current, changes);
    const isCalculationChanged =
      settings.isCalculated &&
      (!row.isCalculated ||
        settings.calculationFormula?.trim() !== row.calculationFormula ||
        !sameIds(settings.sourceTrackerIds, sourceIds));
    await assertValidSettings(tx, { userId, trackerId, settings, isCalculationChanged });
    // Hand-logged values and computed ones do not mix: a formula would overwrite what was measured.
    if (!row.isCalculated && settings.isCalculated) {
      if (await repository.hasHandLoggedValues(tx.db, { userId, trackerId })) {
        throw new AppError('CONFLICT', HAND_LOGGED_VALUES_MESSAGE);
      }
    }
    const at = tx.clock.now();
    const from = toVariableName(row.name);
    const to = changes.name === undefined ? from : toVariableName(changes.name);
    if (to !== from) await renameInDependentFormulas(tx, { userId, trackerId, from, to, at });
    await refusingBrokenReferences(async () => {
      await repository.updateTracker(tx.db, {
        userId,
        trackerId,
        changes: {
          name: changes.name,
          ...settingsColumns(settings),
          unit: blankToNull(changes.unit),
          note: blankToNull(changes.note),
          origin: blankToNull(changes.origin),
        },
        at,
      });
      if (!sameIds(settings.sourceTrackerIds, sourceIds)) {
        await repository.replaceSources(tx.db, {
          userId,
          trackerId,
          sourceTrackerIds: settings.sourceTrackerIds,
        });
      }
    });
    // A tracker that is calculated no more keeps none of the values its formula gave.
    const isNoLongerCalculated = row.isCalculated && !settings.isCalculated;
    const clearedDays = isNoLongerCalculated
      ? await repository.deleteCalculatedValues(tx.db, { userId, trackerId })
      : [];
    return { isRecalculated: isCalculationChanged, clearedDays };
  });
  if (followUp.isRecalculated || followUp.clearedDays.length > 0) {
    const timeZone = await resolveTimeZone(ctx, options);
    if (followUp.isRecalculated) await recalculateTracker(ctx, { userId, trackerId, timeZone });
    // Trackers reading this one lose its values on those days.
    await recalculateDependents(ctx, { userId, trackerId, days: followUp.clearedDays, timeZone });
  }
  return getTracker(ctx, options);
}

/**
 * Deletes a tracker with its logs, and takes it off the dashboard's charts (a chart left with no
 * tracker goes too). Refused while a calculated tracker's formula reads it.
 */
export async function deleteTracker(ctx: AppContext, scope: TrackerScope): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    // Locked: a formula starting to read it meanwhile either waits for the delete (and then finds
    // the tracker gone) or has committed and is found by the check below.
    await getTrackerRow(tx, { ...scope, lock: 'update' });
    const dependents = await repository.findDependentNames(tx.db, scope);
    if (dependents.length > 0) throw usedAsSource(dependents);
    await repository.removeTrackerFromCharts(tx.db, { ...scope, at: tx.clock.now() });
    await repository.deleteTracker(tx.db, scope);
  });
}

/** Puts the trackers in the given order: priorities 0 to n-1. */
export async function reorderTrackers(
  ctx: AppContext,
  options: { userId: string; ids: readonly string[] },
): Promise<Tracker[]> {
  const { userId, ids } = options;
  await inTransaction(ctx, async (tx) => {
    assertFullOrder({ ids, knownIds: await repository.findTrackerIds(tx.db, userId), what: 'Tracker' });
    const at = tx.clock.now();
    for (const [priority, trackerId] of ids.entries()) {
      await repository.updateTracker(tx.db, { userId, trackerId, changes: { priority }, at });
    }
  });
  return listTrackers(ctx, { userId });
}
