import { worklogCsvColumnKeys } from '@cairn/contracts/worklogs';
import { describe, expect, it } from 'vitest';
import {
  completeColumns,
  defaultColumnLabels,
  enabledColumns,
  normalizeCsvExportConfig,
  readCsvExportConfig,
  toFileNameSlug,
} from './csv-export-config';

describe('toFileNameSlug', () => {
  it.each([
    ['Acme — Website (2026)', 'acme-website-2026'],
    ['Zażółć gęślą jaźń', 'zażółć-gęślą-jaźń'],
    ['  ../../etc/passwd  ', 'etc-passwd'],
    ['***', 'worklogs'],
    ['a'.repeat(150), 'a'.repeat(100)],
  ])('%s → %s', (name, slug) => {
    expect(toFileNameSlug(name)).toBe(slug);
  });
});

describe('completeColumns', () => {
  it('keeps the given columns in their order, then adds the missing ones disabled under default labels', () => {
    const columns = completeColumns([
      { key: 'description', label: 'Notes', defaultLabel: 'x', enabled: true, order: 7 },
      { key: 'workDate', label: 'Day', defaultLabel: 'x', enabled: false, order: 7 },
      { key: 'duration', label: 'Min', defaultLabel: 'x', enabled: true, order: 2 },
    ]);
    expect(columns.slice(0, 3).map((column) => [column.key, column.label, column.order])).toEqual([
      ['duration', 'Min', 0],
      // Equal orders fall back to the canonical order: workDate comes before description.
      ['workDate', 'Day', 1],
      ['description', 'Notes', 2],
    ]);
    expect(columns.map((column) => column.key).sort()).toEqual([...worklogCsvColumnKeys].sort());
    for (const column of columns) expect(column.defaultLabel).toBe(defaultColumnLabels[column.key]);
    expect(columns.slice(3).every((column) => !column.enabled)).toBe(true);
    expect(enabledColumns(columns).map((column) => column.key)).toEqual(['duration', 'description']);
  });
});

describe('readCsvExportConfig', () => {
  it('gives a project never configured, or stored settings that no longer fit, the defaults', () => {
    for (const stored of [null, { columns: 'broken' }]) {
      const config = readCsvExportConfig(stored, 'My Project');
      expect(config.defaultFilename).toBe('my-project');
      expect(config.columns).toHaveLength(worklogCsvColumnKeys.length);
      expect(enabledColumns(config.columns).length).toBeGreaterThan(0);
    }
  });
});

describe('normalizeCsvExportConfig', () => {
  const column = (key: (typeof worklogCsvColumnKeys)[number], enabled = true) => ({
    key,
    label: key,
    defaultLabel: '',
    enabled,
    order: 0,
  });
  const config = {
    columns: [column('workDate')],
    defaultFilename: 'file',
    lastUsedPreset: 'Kept',
    presets: [{ name: 'Kept', columns: [column('duration')] }],
  };

  it('keeps a last-used preset that exists and forgets one that does not', () => {
    expect(normalizeCsvExportConfig(config).lastUsedPreset).toBe('Kept');
    expect(normalizeCsvExportConfig({ ...config, lastUsedPreset: 'Gone' }).lastUsedPreset).toBeNull();
  });

  it('refuses a preset without an enabled column', () => {
    expect(() =>
      normalizeCsvExportConfig({
        ...config,
        presets: [{ name: 'Empty', columns: [column('workDate', false)] }],
      }),
    ).toThrow(/Enable at least one column/);
  });
});
