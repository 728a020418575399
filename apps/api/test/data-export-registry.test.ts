import { readFileSync } from 'node:fs';
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { excludedTables, exportTables } from '../src/modules/data-transfer/export-tables';
import { rowSchemaOf } from '../src/modules/data-transfer/row-schemas';

const tablesWithUserId = Object.values(schema as Record<string, unknown>)
  .filter((value): value is Table => is(value, Table))
  .filter((table) => Object.values(getTableColumns(table)).some((column) => column.name === 'user_id'))
  .map((table) => getTableName(table));

describe('the export registry', () => {
  it('holds or excludes, with a reason, every table that has a user_id column', () => {
    const registered = new Set(exportTables.map((table) => table.name));
    const unaccounted = tablesWithUserId.filter((name) => !registered.has(name) && !(name in excludedTables));
    expect(unaccounted).toEqual([]);
    expect(tablesWithUserId.length).toBeGreaterThan(20);
  });

  it('neither holds and excludes a table, nor excludes one that no longer exists', () => {
    for (const name of Object.keys(excludedTables)) {
      expect(tablesWithUserId).toContain(name);
      expect(exportTables.map((table) => table.name)).not.toContain(name);
    }
  });

  it('lists parents before the tables that refer to them', () => {
    const seen = new Set<string>();
    for (const table of exportTables) {
      for (const target of Object.values(table.references)) {
        if (target !== table.name && target !== 'currencies')
          expect(seen, `${table.name} → ${target}`).toContain(target);
      }
      seen.add(table.name);
    }
  });

  it('reads references from the foreign keys, self references and those the schema cannot say', () => {
    const byName = new Map(exportTables.map((table) => [table.name, table]));
    expect(byName.get('tasks')?.references).toMatchObject({
      parentId: 'tasks',
      columnId: 'columns',
      listId: 'lists',
    });
    expect(byName.get('money_transactions')?.references).toMatchObject({
      accountId: 'money_accounts',
      currencyId: 'currencies',
      recurringId: 'money_recurring',
    });
    expect(byName.get('tracker_sources')?.references).toEqual({
      trackerId: 'trackers',
      sourceTrackerId: 'trackers',
    });
    expect(byName.get('worklogs')?.references.taskId).toBe('tasks');
  });

  it('never writes a generated column', () => {
    const worklogs = exportTables.find((table) => table.name === 'worklogs');
    expect(worklogs?.generatedColumns).toEqual(['durationWithBreaks']);
    expect(worklogs?.columns).not.toHaveProperty('durationWithBreaks');
    const parsed =
      worklogs &&
      rowSchemaOf(worklogs).parse({
        id: 'e1',
        projectId: 'p1',
        workDate: '2026-03-10',
        duration: 30,
        durationWithBreaks: '30',
      });
    expect(parsed).not.toHaveProperty('durationWithBreaks');
  });

  it('is documented table by table in docs/export-format.md', () => {
    const docs = readFileSync(new URL('../../../docs/export-format.md', import.meta.url), 'utf8');
    for (const table of exportTables) {
      expect(docs, table.name).toContain(`### ${table.name}\n`);
      for (const column of Object.keys(table.columns))
        expect(docs, `${table.name}.${column}`).toMatch(
          new RegExp(`### ${table.name}\\n[^#]*\\| ${column} \\|`),
        );
    }
    for (const name of Object.keys(excludedTables)) expect(docs, name).toContain(`\`${name}\``);
  });
});

describe('a row of the document', () => {
  const tasks = exportTables.find((table) => table.name === 'tasks');
  if (!tasks) throw new Error('tasks is registered');
  const schema = rowSchemaOf(tasks);
  const valid = { id: 't1', title: 'Write', columnId: 'c1', createdAt: '2026-03-10T12:00:00.000Z' };

  it.each([
    ['a valid row', valid, true],
    ['an unknown column', { ...valid, colour: 'red' }, false],
    ['a wrong type', { ...valid, title: 5 }, false],
    ['a NUL character', { ...valid, title: 'a\u0000b' }, false],
    ['a missing required column', { id: 't1', columnId: 'c1' }, false],
    ['a missing id', { title: 'Write', columnId: 'c1' }, false],
    ['an instant without offset', { ...valid, dueDate: '2026-03-10T12:00:00' }, false],
    ['an unknown level', { ...valid, urgency: 'extreme' }, false],
    ['null in a required column', { ...valid, title: null }, false],
    ['an integer past 32 bits', { ...valid, priority: 2 ** 31 }, false],
  ])('%s: valid %s', (_name, row, isValid) => {
    expect(schema.safeParse(row).success).toBe(isValid);
  });

  it('keeps instants as given, to the microsecond', () => {
    const exact = { ...valid, createdAt: '2026-03-10T12:00:00.123456Z' };
    expect(schema.parse(exact).createdAt).toBe('2026-03-10T12:00:00.123456Z');
  });
});
