import type { CsvColumnConfig, CsvExportConfig, CsvExportPreset } from '@cairn/contracts/worklogs';

/**
 * The export dialog's model: the columns in their order, each renamed, enabled or reset, and named
 * presets of them. Pure, so the rules test without a screen.
 */

export const LABEL_MAX_LENGTH = 100;
export const PRESET_NAME_MAX_LENGTH = 100;
export const FILE_NAME_MAX_LENGTH = 100;
export const MAX_PRESETS = 20;

/** The columns in their order, renumbered 0, 1, 2… */
export function sortColumns(columns: readonly CsvColumnConfig[]): CsvColumnConfig[] {
  return [...columns]
    .sort((first, second) => first.order - second.order)
    .map((column, order) => ({ ...column, order }));
}

/** The columns in the order of `keys` (as a drag leaves them). */
export function reorderColumns(
  columns: readonly CsvColumnConfig[],
  keys: readonly string[],
): CsvColumnConfig[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const ordered = keys.flatMap((key) => {
    const column = byKey.get(key as CsvColumnConfig['key']);
    return column ? [column] : [];
  });
  // Any column the keys left out keeps its place at the end.
  const rest = columns.filter((column) => !keys.includes(column.key));
  return [...ordered, ...rest].map((column, order) => ({ ...column, order }));
}

export function updateColumn(
  columns: readonly CsvColumnConfig[],
  key: CsvColumnConfig['key'],
  patch: Partial<Pick<CsvColumnConfig, 'label' | 'enabled'>>,
): CsvColumnConfig[] {
  return columns.map((column) => (column.key === key ? { ...column, ...patch } : column));
}

export function resetColumnLabel(
  columns: readonly CsvColumnConfig[],
  key: CsvColumnConfig['key'],
): CsvColumnConfig[] {
  return columns.map((column) => (column.key === key ? { ...column, label: column.defaultLabel } : column));
}

/** The same columns in the same order, with the same labels and the same ones enabled. */
export function isSameColumns(
  first: readonly CsvColumnConfig[],
  second: readonly CsvColumnConfig[],
): boolean {
  const a = sortColumns(first);
  const b = sortColumns(second);
  return (
    a.length === b.length &&
    a.every((column, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        column.key === other.key &&
        column.label.trim() === other.label.trim() &&
        column.enabled === other.enabled
      );
    })
  );
}

export function findLabelProblem(label: string): string | null {
  const trimmed = label.trim();
  if (trimmed === '') return 'Label is required';
  if (trimmed.length > LABEL_MAX_LENGTH) return `At most ${LABEL_MAX_LENGTH} characters`;
  return null;
}

// The contract's rule: no path separators, no characters a file system refuses, no control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const FILE_NAME = /^[^/\\:*?"<>|\u0000-\u001f]+$/;

export function findFileNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'File name is required';
  if (trimmed.length > FILE_NAME_MAX_LENGTH) return `At most ${FILE_NAME_MAX_LENGTH} characters`;
  if (!FILE_NAME.test(trimmed)) return 'Use no / \\ : * ? " < > | characters';
  return null;
}

/** The name the download gets: the base name with the range, as the server writes it. */
export function previewFileName(defaultFilename: string, from: string, to: string): string {
  return `${defaultFilename.trim() || 'worklogs'}_${from}_${to}.csv`;
}

export function findPresetNameProblem(name: string, presets: readonly CsvExportPreset[]): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Name is required';
  if (trimmed.length > PRESET_NAME_MAX_LENGTH) return `At most ${PRESET_NAME_MAX_LENGTH} characters`;
  const isReplacing = presets.some((preset) => preset.name === trimmed);
  if (!isReplacing && presets.length >= MAX_PRESETS)
    return `At most ${MAX_PRESETS} presets; delete one first`;
  return null;
}

/** Saves the columns under the name: a preset of that name is replaced, otherwise one is added. */
export function savePreset(
  config: CsvExportConfig,
  name: string,
  columns: readonly CsvColumnConfig[],
): CsvExportConfig {
  const trimmed = name.trim();
  const preset = { name: trimmed, columns: sortColumns(columns) };
  const exists = config.presets.some((entry) => entry.name === trimmed);
  return {
    ...config,
    presets: exists
      ? config.presets.map((entry) => (entry.name === trimmed ? preset : entry))
      : [...config.presets, preset],
  };
}

export function deletePreset(config: CsvExportConfig, name: string): CsvExportConfig {
  return {
    ...config,
    presets: config.presets.filter((preset) => preset.name !== name),
    lastUsedPreset: config.lastUsedPreset === name ? null : config.lastUsedPreset,
  };
}

/** The configuration as the server takes it: trimmed labels and name, columns renumbered. */
export function normalizeConfig(config: CsvExportConfig): CsvExportConfig {
  const trim = (columns: readonly CsvColumnConfig[]) =>
    sortColumns(columns).map((column) => ({ ...column, label: column.label.trim() }));
  return {
    ...config,
    columns: trim(config.columns),
    defaultFilename: config.defaultFilename.trim(),
    presets: config.presets.map((preset) => ({ ...preset, columns: trim(preset.columns) })),
  };
}

/** Whether two configurations would save the same. */
export function isSameConfig(first: CsvExportConfig, second: CsvExportConfig): boolean {
  return JSON.stringify(normalizeConfig(first)) === JSON.stringify(normalizeConfig(second));
}
