import type { CsvColumnConfig, CsvExportConfig } from '@cairn/contracts/worklogs';
import { describe, expect, it } from 'vitest';
import {
  deletePreset,
  findFileNameProblem,
  findLabelProblem,
  findPresetNameProblem,
  isSameColumns,
  isSameConfig,
  previewFileName,
  reorderColumns,
  resetColumnLabel,
  savePreset,
  sortColumns,
  updateColumn,
} from './export-columns';

const column = (
  key: CsvColumnConfig['key'],
  label: string,
  order: number,
  enabled = true,
): CsvColumnConfig => ({
  key,
  label,
  defaultLabel: label,
  enabled,
  order,
});

const columns = [
  column('duration', 'Duration (min)', 2),
  column('workDate', 'Date', 0),
  column('project', 'Project', 1),
];
const config: CsvExportConfig = { columns, defaultFilename: 'acme', lastUsedPreset: null, presets: [] };

const keys = (list: readonly CsvColumnConfig[]) => list.map((entry) => `${entry.order}:${entry.key}`);

describe('column order', () => {
  it('sorts by order and renumbers from 0', () => {
    expect(keys(sortColumns([column('project', 'P', 7), column('workDate', 'D', 3)]))).toEqual([
      '0:workDate',
      '1:project',
    ]);
  });

  it('takes the order a drag leaves, keeping columns it did not name at the end', () => {
    expect(keys(reorderColumns(sortColumns(columns), ['duration', 'workDate']))).toEqual([
      '0:duration',
      '1:workDate',
      '2:project',
    ]);
  });
});

describe('editing a column', () => {
  it('renames, disables and resets one column only', () => {
    let edited = updateColumn(columns, 'project', { label: 'Client project', enabled: false });
    expect(edited.find((entry) => entry.key === 'project')).toMatchObject({
      label: 'Client project',
      defaultLabel: 'Project',
      enabled: false,
    });
    expect(isSameColumns(edited, columns)).toBe(false);
    edited = resetColumnLabel(edited, 'project');
    expect(edited.find((entry) => entry.key === 'project')?.label).toBe('Project');
    expect(isSameColumns(updateColumn(edited, 'project', { enabled: true }), columns)).toBe(true);
  });

  it('checks labels and file names', () => {
    expect(findLabelProblem('  ')).toBe('Label is required');
    expect(findLabelProblem('x'.repeat(101))).toBe('At most 100 characters');
    expect(findLabelProblem('Hours')).toBeNull();
    expect(findFileNameProblem('timesheet')).toBeNull();
    expect(findFileNameProblem('../etc/passwd')).toMatch(/^Use no/);
    expect(findFileNameProblem('a\u0007b')).toMatch(/^Use no/);
    expect(findFileNameProblem('')).toBe('File name is required');
  });

  it('previews the name the server gives the file', () => {
    expect(previewFileName(' acme-hours ', '2026-11-01', '2026-11-30')).toBe(
      'acme-hours_2026-11-01_2026-11-30.csv',
    );
  });
});

describe('presets', () => {
  it('adds a preset, replaces one of the same name, and forgets it as the last used when deleted', () => {
    let next = savePreset(config, ' Client ', columns);
    expect(next.presets.map((preset) => preset.name)).toEqual(['Client']);
    expect(keys(next.presets[0]?.columns ?? [])).toEqual(['0:workDate', '1:project', '2:duration']);

    next = savePreset(next, 'Client', updateColumn(columns, 'duration', { enabled: false }));
    expect(next.presets).toHaveLength(1);
    expect(next.presets[0]?.columns.find((entry) => entry.key === 'duration')?.enabled).toBe(false);

    next = deletePreset({ ...next, lastUsedPreset: 'Client' }, 'Client');
    expect(next).toMatchObject({ presets: [], lastUsedPreset: null });
  });

  it('refuses a nameless preset and a 21st one', () => {
    expect(findPresetNameProblem(' ', [])).toBe('Name is required');
    const twenty = Array.from({ length: 20 }, (_, index) => ({ name: `P${index}`, columns }));
    expect(findPresetNameProblem('New', twenty)).toMatch(/^At most 20 presets/);
    expect(findPresetNameProblem('P3', twenty)).toBeNull();
  });
});

describe('isSameConfig', () => {
  it('ignores what saving normalizes: order numbers and surrounding spaces', () => {
    const reshuffled = { ...config, columns: sortColumns(columns), defaultFilename: ' acme ' };
    expect(isSameConfig(config, reshuffled)).toBe(true);
    expect(isSameConfig(config, { ...config, defaultFilename: 'other' })).toBe(false);
  });
});
