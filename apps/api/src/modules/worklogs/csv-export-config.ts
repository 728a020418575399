import type { ValidationIssue } from '@cairn/contracts/errors';
import {
  type CsvColumnConfig,
  type CsvExportConfig,
  csvExportConfigSchema,
  type WorklogCsvColumnKey,
  worklogCsvColumnKeys,
} from '@cairn/contracts/worklogs';
import { AppError } from '../../lib/app-error';

/**
 * A project's CSV export settings (spec section 3). Whatever is stored or sent, what is read back
 * names every column exactly once, in order, with the header a reset goes back to.
 */

export const defaultColumnLabels: Record<WorklogCsvColumnKey, string> = {
  workDate: 'Date',
  startTime: 'Start',
  endTime: 'End',
  duration: 'Duration (min)',
  durationHours: 'Duration (h)',
  breaksMultiplier: 'Breaks multiplier',
  durationWithBreaks: 'Duration with breaks (min)',
  durationWithBreaksHours: 'Duration with breaks (h)',
  project: 'Project',
  client: 'Client',
  category: 'Category',
  taskName: 'Task',
  taskUrl: 'Task URL',
  pullRequestUrl: 'Pull request',
  description: 'Description',
};

/** What a timesheet shows before anyone configures it; the rest is one tick away. */
const enabledByDefault: ReadonlySet<WorklogCsvColumnKey> = new Set([
  'workDate',
  'startTime',
  'endTime',
  'duration',
  'durationWithBreaks',
  'project',
  'category',
  'taskName',
  'description',
]);

const canonicalIndex = new Map(worklogCsvColumnKeys.map((key, index) => [key, index]));

const FILENAME_MAX_LENGTH = 100;

/** "Acme — Website (2026)" → "acme-website-2026": letters of any script kept, the rest a dash. */
export function toFileNameSlug(name: string): string {
  const slug = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FILENAME_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'worklogs';
}

function defaultColumns(): CsvColumnConfig[] {
  return worklogCsvColumnKeys.map((key, order) => ({
    key,
    label: defaultColumnLabels[key],
    defaultLabel: defaultColumnLabels[key],
    enabled: enabledByDefault.has(key),
    order,
  }));
}

/**
 * Every key once: the given columns by their order (ties in the canonical order), then the missing
 * ones, disabled, under their default headers; orders renumbered from 0.
 */
export function completeColumns(columns: readonly CsvColumnConfig[]): CsvColumnConfig[] {
  const given = new Map<WorklogCsvColumnKey, CsvColumnConfig>();
  for (const column of columns) if (!given.has(column.key)) given.set(column.key, column);
  const present = [...given.values()].sort(
    (a, b) => a.order - b.order || (canonicalIndex.get(a.key) ?? 0) - (canonicalIndex.get(b.key) ?? 0),
  );
  const missing = worklogCsvColumnKeys
    .filter((key) => !given.has(key))
    .map((key) => ({ key, label: defaultColumnLabels[key], enabled: false }));
  return [...present, ...missing].map((column, order) => ({
    key: column.key,
    label: column.label,
    defaultLabel: defaultColumnLabels[column.key],
    enabled: column.enabled,
    order,
  }));
}

export function defaultCsvExportConfig(projectName: string): CsvExportConfig {
  return {
    columns: defaultColumns(),
    defaultFilename: toFileNameSlug(projectName),
    lastUsedPreset: null,
    presets: [],
  };
}

/**
 * The settings as stored, completed; a project never configured (or whose stored settings no longer
 * fit the contract) gets the defaults, named after the project.
 */
export function readCsvExportConfig(stored: unknown, projectName: string): CsvExportConfig {
  if (stored === null || stored === undefined) return defaultCsvExportConfig(projectName);
  const parsed = csvExportConfigSchema.safeParse(stored);
  if (!parsed.success) return defaultCsvExportConfig(projectName);
  const config = parsed.data;
  return {
    columns: completeColumns(config.columns),
    defaultFilename: config.defaultFilename,
    lastUsedPreset: config.presets.some((preset) => preset.name === config.lastUsedPreset)
      ? config.lastUsedPreset
      : null,
    presets: config.presets.map((preset) => ({
      name: preset.name,
      columns: completeColumns(preset.columns),
    })),
  };
}

function duplicateKeyIssues(
  columns: readonly CsvColumnConfig[],
  path: (string | number)[],
): ValidationIssue[] {
  const seen = new Set<WorklogCsvColumnKey>();
  const issues: ValidationIssue[] = [];
  columns.forEach((column, index) => {
    if (seen.has(column.key))
      issues.push({ path: [...path, index, 'key'], message: `The column "${column.key}" appears twice` });
    seen.add(column.key);
  });
  if (!columns.some((column) => column.enabled)) issues.push({ path, message: 'Enable at least one column' });
  return issues;
}

/**
 * Settings sent by a client, checked and completed: each key at most once, at least one column
 * enabled (in the project's set and in every preset), preset names unique. A last-used preset that
 * is no longer among the presets is forgotten.
 */
export function normalizeCsvExportConfig(config: CsvExportConfig): CsvExportConfig {
  const issues = duplicateKeyIssues(config.columns, ['body', 'columns']);
  const names = new Set<string>();
  config.presets.forEach((preset, index) => {
    issues.push(...duplicateKeyIssues(preset.columns, ['body', 'presets', index, 'columns']));
    if (names.has(preset.name))
      issues.push({ path: ['body', 'presets', index, 'name'], message: 'Preset names must differ' });
    names.add(preset.name);
  });
  if (issues.length > 0) {
    throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid export settings', { issues });
  }
  return {
    columns: completeColumns(config.columns),
    defaultFilename: config.defaultFilename,
    lastUsedPreset:
      config.lastUsedPreset !== null && names.has(config.lastUsedPreset) ? config.lastUsedPreset : null,
    presets: config.presets.map((preset) => ({
      name: preset.name,
      columns: completeColumns(preset.columns),
    })),
  };
}

/** The columns a file gets, in order: the enabled ones. */
export function enabledColumns(columns: readonly CsvColumnConfig[]): CsvColumnConfig[] {
  return completeColumns(columns).filter((column) => column.enabled);
}
